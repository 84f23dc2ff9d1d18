import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { engineEnv, tempDir } from './helpers.js';

/**
 * The `bin` as npm installs it (issue 33 row 5): packed, installed into a fresh project
 * and run through its shebang, the way a user types `hublint`. Node 20 reads `--env-file`
 * anywhere on its command line, also after the script, unless `--` ends its own options:
 * only the installed launcher shows whether it does.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
let bin = '';

beforeAll(() => {
  const dir = tempDir('hl-installed-');
  // The package as built (dist/ is the build's output; the scripts would build it again).
  execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], { cwd: root, stdio: 'pipe' });
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('npm pack wrote no tarball');
  const project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{ "name": "uses-hublint", "version": "1.0.0", "private": true }\n');
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', join(dir, tarball)], { cwd: project, stdio: 'pipe' });
  bin = join(project, 'node_modules', '.bin', 'hublint');
}, 300_000);

function run(args: string[]): { code: number | null; stdout: string; stderr: string } {
  // The bin itself, not `node bin`: its shebang is what is tested.
  const r = spawnSync(bin, args, { encoding: 'utf8', env: { PATH: process.env.PATH, DOCKER_HOST: engineEnv().dockerHost }, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the installed bin', () => {
  it('hands --env-file to engine run, before the image and after it, instead of to Node', () => {
    const dir = tempDir('hl-envfile-');
    const vars = join(dir, 'vars');
    writeFileSync(vars, 'FROM_FILE=read by hublint\n');
    // Node 20 would stop at a file that does not exist ("node: …: not found", exit 9).
    const missing = join(dir, 'missing');
    const image = engineEnv().image;
    expect(run(['engine', 'run', '--rm', '--env-file', vars, image, 'sh', '-c', 'echo "$FROM_FILE"'])).toEqual({ code: 0, stdout: 'read by hublint\n', stderr: '' });
    expect(run(['engine', 'run', '--rm', image, 'echo', '--env-file', missing, `--env-file=${missing}`])).toEqual({
      code: 0,
      stdout: `--env-file ${missing} --env-file=${missing}\n`,
      stderr: '',
    });
    const own = run(['engine', 'run', '--rm', '--env-file', missing, image, 'true']);
    expect(own.code).toBe(125);
    expect(own.stderr).toBe(`hublint: --env-file: ${missing} does not exist\n`);
  });
});
