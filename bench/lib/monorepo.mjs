// A monorepo-shaped tree for the .gitignore path of discovery (the full scan runs with
// --no-ignore, which skips it): the corpus packages as packages/<name>/, hard-linked (no
// copy), each with its own .gitignore, plus a root .gitignore. Every .gitignore ignores
// only things that do not exist, so both modes scan the same files.
import { existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function linkTree(from, to) {
  mkdirSync(to, { recursive: true });
  for (const e of readdirSync(from, { withFileTypes: true })) {
    const a = join(from, e.name);
    const b = join(to, e.name);
    if (e.isDirectory()) linkTree(a, b);
    else if (e.isFile()) linkSync(a, b);
  }
}

export function ensureMonorepo(home, tree, log) {
  const root = join(home, `monorepo-${tree.root.split('-').pop()}`);
  if (existsSync(join(root, '.complete'))) return root;
  log(`building the monorepo tree ${root} (hard links) …`);
  const work = `${root}.tmp-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  const nm = join(tree.root, 'copy-1', 'node_modules');
  let gitignores = 0;
  for (const e of readdirSync(nm, { withFileTypes: true })) {
    if (!e.isDirectory() || e.name === '.bin') continue;
    const scoped = e.name.startsWith('@') ? readdirSync(join(nm, e.name)).map((n) => `${e.name}/${n}`) : [e.name];
    for (const name of scoped) {
      const dest = join(work, 'packages', name.replace('/', '__'));
      linkTree(join(nm, name), dest);
      writeFileSync(join(dest, '.gitignore'), 'coverage/\n*.log\n.cache/\n/build-output/\n');
      gitignores++;
    }
  }
  writeFileSync(join(work, '.gitignore'), 'node_modules/\n.env\ndist-ignored/\n');
  writeFileSync(join(work, '.complete'), `${gitignores + 1} .gitignore files\n`);
  renameSync(work, root);
  return root;
}
