import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { engineEnv, tempDir, testClient } from './helpers.js';

/**
 * The client as a library: src/engine imports nothing from the rest of hublint but the
 * redaction leaf, and the packed package (what `npm pack` ships, with its `exports` and
 * types) runs the README's example against the real daemon and registry.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm), ...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)].map(
    (m) => m[1],
  );
}

describe('src/engine is a library', () => {
  it('imports only its own modules, Node built-ins and the redaction leaf (which imports nothing)', () => {
    const dir = join(root, 'src/engine');
    const outside: string[] = [];
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
      for (const spec of importsOf(join(dir, name))) {
        if (spec.startsWith('node:') || (spec.startsWith('./') && !spec.includes('/..'))) continue;
        if (spec === '../core/redact.js') continue;
        outside.push(`${name}: ${spec}`);
      }
    }
    expect(outside).toEqual([]);
    expect(importsOf(join(root, 'src/core/redact.ts'))).toEqual([]);
  });
});

describe('the packed package', () => {
  let app = '';
  beforeAll(() => {
    // The package as npm ships it: `npm pack` of the built tree (dist/ comes from `npm run build`).
    expect(existsSync(join(root, 'dist/engine/index.js')), 'dist/ is missing: run `npm run build`').toBe(true);
    app = tempDir('hl-pack-');
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', app], { cwd: root, encoding: 'utf8' }),
    ) as { filename: string }[];
    const target = join(app, 'node_modules', 'hublint');
    mkdirSync(target, { recursive: true });
    execFileSync('tar', ['-xzf', join(app, packed[0].filename), '-C', target, '--strip-components=1']);
    // Its dependencies as npm would install them; no network needed.
    symlinkSync(join(root, 'node_modules'), join(target, 'node_modules'));
    writeFileSync(join(app, 'package.json'), '{ "type": "module", "private": true }\n');
  }, 120_000);

  function node(script: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
    const file = join(app, `script-${Math.random().toString(36).slice(2)}.mjs`);
    writeFileSync(file, script);
    return new Promise((resolve) => {
      execFile(process.execPath, [file], { cwd: app, env: { PATH: process.env.PATH, ...env }, timeout: 120_000 }, (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      });
    });
  }

  it('exports the client, its errors and its types from hublint/engine and from hublint', async () => {
    const result = await node(`
import * as engine from 'hublint/engine';
import * as main from 'hublint';
console.log(typeof engine.DockerEngineClient, typeof engine.DockerApiError, typeof engine.EngineError);
console.log(main.DockerEngineClient === engine.DockerEngineClient, main.EngineError === engine.EngineError);
console.log(new engine.EngineError('x') instanceof main.HublintError);
`);
    expect(result).toEqual({ code: 0, stdout: 'function function function\ntrue true\nfalse\n', stderr: '' });
    const types = readFileSync(join(app, 'node_modules/hublint/dist/engine/index.d.ts'), 'utf8');
    expect(types).toContain('DockerEngineClient');
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules/hublint/package.json'), 'utf8')) as { exports: Record<string, { types: string }> };
    expect(existsSync(join(app, 'node_modules/hublint', manifest.exports['./engine'].types))).toBe(true);
  });

  it('type-checks a TypeScript user of hublint/engine through the exports map', () => {
    writeFileSync(
      join(app, 'use.ts'),
      `import { DockerEngineClient, DockerApiError, type ContainerWaitResponse } from 'hublint/engine';
const client: DockerEngineClient = new DockerEngineClient({ host: 'unix:///var/run/docker.sock' });
export async function status(id: string): Promise<number> {
  try {
    const answer: ContainerWaitResponse = await client.waitContainer(id);
    return answer.StatusCode;
  } catch (error) {
    return error instanceof DockerApiError ? error.status : -1;
  }
}
`,
    );
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const args = ['--noEmit', '--strict', '--skipLibCheck', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--types', 'node', '--typeRoots', join(root, 'node_modules/@types'), 'use.ts'];
    expect(() => execFileSync(process.execPath, [tsc, ...args], { cwd: app, encoding: 'utf8' })).not.toThrow();
  }, 60_000);

  it("runs the README's example (pull, create, attach, wait, logs, list, commit, tag, remove) against the real daemon", async () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const block = /<!-- engine-example:begin[^>]*-->\s*```js\n([\s\S]*?)```\s*<!-- engine-example:end -->/.exec(readme);
    expect(block, 'the README has the engine example between its markers').not.toBeNull();
    const { dockerHost, registry, registryImage, registryUser, registryPassword } = engineEnv();
    const config = tempDir();
    writeFileSync(join(config, 'config.json'), JSON.stringify({ auths: { [registry]: { auth: Buffer.from(`${registryUser}:${registryPassword}`).toString('base64') } } }));
    const result = await node(block![1], { DOCKER_HOST: dockerHost, DOCKER_CONFIG: config, IMAGE: registryImage });
    expect(result.stderr).toContain('Status: ');
    expect(result.stderr).toContain('oops\n');
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines.slice(0, 2)).toEqual(['hello', 'exit status 3']);
    // The daemon stores stdout and stderr through two copiers: their order in the log may vary.
    expect(lines.slice(2, 4).sort()).toEqual(['stderr: oops', 'stdout: hello']);
    expect(lines[4]).toMatch(/^listed \/\w+/);
    expect(result.stdout).not.toContain(registryPassword);
    // The example cleans up after itself.
    const images = await testClient().listImages({ filters: { reference: ['example/hello'] } });
    expect(images).toEqual([]);
  });
});
