import { execFile } from 'node:child_process';
import { chmodSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineEnv, tempDir, transpileSources } from './helpers.js';

/**
 * Permission denied on the daemon's socket: the real socket (root:docker, 0660) is
 * dialled by a process that `setpriv` has turned into nobody. That process runs the
 * client itself, transpiled to JavaScript here, since Node 20 cannot load TypeScript.
 */

describe('permission denied on the socket', () => {
  it('says so and names the socket', async () => {
    const dir = tempDir('hl-perm-');
    chmodSync(dir, 0o755);
    const entry = join(transpileSources(dir), 'src/engine/index.js');
    const script = join(dir, 'probe.mjs');
    writeFileSync(
      script,
      `import { DockerEngineClient } from ${JSON.stringify(entry)};
const client = new DockerEngineClient({ host: process.argv[2], env: {} });
try {
  await client.ping();
  console.log(JSON.stringify({ ok: true }));
} catch (error) {
  console.log(JSON.stringify({ name: error.name, code: error.code, message: error.message, hint: error.hint }));
}
`,
      { mode: 0o644 },
    );
    const { socketPath, dockerHost } = engineEnv();
    expect(statSync(socketPath).mode & 0o007).toBe(0);
    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        '/usr/bin/setpriv',
        ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, script, dockerHost],
        { cwd: dir, env: { PATH: process.env.PATH } },
        (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
      );
    });
    const result = JSON.parse(output) as { name: string; code: string; message: string; hint: string };
    expect(result).toEqual({
      name: 'EngineConnectionError',
      code: 'EACCES',
      message: `Permission denied while connecting to the Docker socket ${socketPath}`,
      hint: 'Run as a user in the socket\'s group (usually "docker") or as root.',
    });
  });
});
