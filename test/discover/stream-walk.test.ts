import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { walk } from '../../src/discover/walk.js';
import { streamWalk } from '../../src/discover/stream-walk.js';

const root = mkdtempSync(join(tmpdir(), 'hublint-stream-walk-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function file(path: string, text = 'x\n') {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

// A tree with what discovery must get right: nested .gitignore files, negation, ignored
// folders, dot files, node_modules, .git, symlinks to a file and to a folder.
file('.gitignore', 'dist/\n*.log\n!keep.log\n/top-only.txt\n');
file('src/a.ts');
file('src/b.log');
file('src/keep.log');
file('src/top-only.txt');
file('top-only.txt');
file('dist/bundle.js');
file('.github/workflows/ci.yml');
file('.env');
file('pkg/.gitignore', 'generated/\nsecret.txt\n');
file('pkg/generated/x.ts');
file('pkg/secret.txt');
file('pkg/src/ok.ts');
file('pkg/sub/.gitignore', '!secret.txt\n*.tmp\n');
file('pkg/sub/secret.txt');
file('pkg/sub/a.tmp');
file('node_modules/dep/index.js');
file('pkg/node_modules/dep/index.js');
file('.git/config');
file('.git/objects/aa/bb');
symlinkSync(join(root, 'src/a.ts'), join(root, 'link-to-file.ts'));
symlinkSync(join(root, 'src'), join(root, 'link-to-dir'));

async function viaStreamWalk(noIgnore: boolean) {
  const out: string[] = [];
  for await (const e of streamWalk(root, { noIgnore })) out.push(`${relative(root, e.absolute)} ${e.kind}`);
  return out.sort();
}

async function viaWalk(noIgnore: boolean) {
  const out: string[] = [];
  for await (const f of walk(['.'], { cwd: root, noIgnore })) out.push(f.path);
  return out.sort();
}

describe('streamWalk', () => {
  it('finds the same files as discover/walk.ts with .gitignore respected', async () => {
    const got = await viaStreamWalk(false);
    expect(got.map((l) => l.split(' ')[0])).toEqual(await viaWalk(false));
    expect(got).toContain('src/keep.log file');
    expect(got).not.toContain('pkg/generated/x.ts file');
    expect(got.some((l) => l.startsWith('node_modules/'))).toBe(false);
  });

  it('finds the same files as discover/walk.ts with --no-ignore', async () => {
    const got = await viaStreamWalk(true);
    expect(got.map((l) => l.split(' ')[0])).toEqual(await viaWalk(true));
    expect(got).toContain('node_modules/dep/index.js file');
    expect(got.some((l) => l.startsWith('.git/'))).toBe(false);
  });

  it('reports symlinks as symlinks and does not follow them', async () => {
    const got = await viaStreamWalk(true);
    expect(got).toContain('link-to-file.ts symlink');
    expect(got).toContain('link-to-dir symlink');
    expect(got.some((l) => l.startsWith('link-to-dir/'))).toBe(false);
  });

  it('skips a folder it cannot read and goes on', async () => {
    const got: string[] = [];
    for await (const e of streamWalk(join(root, 'does-not-exist'))) got.push(e.absolute);
    expect(got).toEqual([]);
  });
});

describe('files git tracks although a .gitignore rule matches them', () => {
  // A real repository: the rules ignore `out/` and `*.cache`, but two such files were committed
  // (one with `git add -f`): git, Semgrep and gitleaks see them, so the scan does too.
  const repo = mkdtempSync(join(tmpdir(), 'hublint-tracked-'));
  afterAll(() => rmSync(repo, { recursive: true, force: true }));
  const put = (path: string, text = 'x\n') => {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  };
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: repo, stdio: 'ignore' });
  put('.gitignore', 'out/\n*.cache\n');
  put('src/main.ts');
  put('out/deep/publish.sh');
  put('out/deep/untracked.sh');
  put('out/other/never.sh');
  put('warm.cache');
  put('cold.cache');
  git('init', '-q');
  git('add', '.gitignore', 'src/main.ts');
  git('add', '-f', 'out/deep/publish.sh', 'warm.cache');
  git('commit', '-q', '-m', 'init');

  async function paths(opts: { include?: boolean; noIgnore?: boolean } = {}) {
    const out: string[] = [];
    const include = opts.include ? [{ base: repo, glob: '**/*' }] : undefined;
    for await (const f of walk(['.'], { cwd: repo, include, noIgnore: opts.noIgnore })) out.push(f.path);
    return out.sort();
  }

  it('scans the tracked ones and nothing else that the rules ignore (folder walk)', async () => {
    expect(await paths()).toEqual(['.gitignore', 'out/deep/publish.sh', 'src/main.ts', 'warm.cache']);
  });

  it('gives the same files when include globs make it a glob walk', async () => {
    expect(await paths({ include: true })).toEqual(await paths());
  });

  it('asks git nothing outside a work tree: the rules alone decide there', async () => {
    const got = await viaWalk(false);
    expect(got).not.toContain('pkg/generated/x.ts');
    expect(got).toContain('src/keep.log');
  });
});
