import { posix } from 'node:path';
import type { Def, Lowered } from '../lower/form.js';
import { ancestors, type ModuleFs } from './modules.js';

/**
 * Module rules for members: which files of the project may give a type's field its value, and
 * which definitions of a lowered file do. Go: a method reads `r.domain` of its receiver's type,
 * and that field is set by composite literals (`&Remote{domain: …}`, a table `map[string]*Remote{
 * "hub": {domain: …}}`) in any file of the module, other packages included (`registry.Remote{
 * Domain: …}`), and by assignments (`c.domain = d` in a constructor or an option function) in the
 * files of the type's own package. Nothing here reads a file but through `fs`; the project
 * resolver (project.ts) lowers the files, evaluates the definitions and caches the answers.
 */

/** A folder listing beside the file access of the module rules. */
export interface TreeFs extends ModuleFs {
  /** The sub-folders of a folder; empty when it cannot be listed. */
  folders(dir: string): readonly string[];
}

/** Go files of one module looked at for a member, at most (the walk stops there). */
export const MAX_MODULE_FILES = 400;
/** Folders a module walk lists, at most. */
const MAX_MODULE_FOLDERS = 300;
/** Folders no module's own code stands in. */
const SKIPPED_FOLDER = /^(?:\.|_)|^(?:vendor|testdata|node_modules|third_party)$/;

const IDENT = /^[A-Za-z_]\w*$/;

/** The root of the Go module a file stands in (the folder of the nearest go.mod), else the scan root. */
export function goModuleRoot(fs: ModuleFs, file: string): string {
  const dirs = ancestors(posix.dirname(file));
  return dirs.find((d) => fs.read(posix.join(d, 'go.mod')) !== undefined) ?? dirs[dirs.length - 1];
}

/**
 * The Go files (tests aside) of the module under `root`, its own folder's first, breadth first;
 * a folder holding another go.mod is another module and is left out.
 */
export function goModuleFiles(fs: TreeFs, root: string): string[] {
  return treeFiles(fs, root, (n) => n.endsWith('.go') && !n.endsWith('_test.go'), (names) => names.includes('go.mod'));
}

/**
 * The files under `root` whose name passes `wanted`, its own folder's first, breadth first, at
 * most MAX_MODULE_FILES (folders of vendored or hidden code left out; a folder `apart` says is
 * another project's, such as a nested go.mod, too).
 */
export function treeFiles(fs: TreeFs, root: string, wanted: (name: string) => boolean, apart: (names: readonly string[]) => boolean = () => false): string[] {
  const out: string[] = [];
  const queue = [root];
  for (let i = 0; i < queue.length && i < MAX_MODULE_FOLDERS && out.length < MAX_MODULE_FILES; i++) {
    const dir = queue[i];
    const names = fs.list(dir);
    if (dir !== root && apart(names)) continue;
    for (const n of names) if (wanted(n) && out.length < MAX_MODULE_FILES) out.push(posix.join(dir, n));
    for (const sub of fs.folders(dir)) if (!SKIPPED_FOLDER.test(sub)) queue.push(posix.join(dir, sub));
  }
  return out;
}

/** A line scan: whether a Go file's text may set `member` (a keyed element or an assignment), so only those are lowered. */
export function mayDefineMember(text: string, member: string): boolean {
  if (!IDENT.test(member)) return false;
  return new RegExp(`(?:^|[{,\\s])${member}[ \\t]*:[^=]|\\.${member}[ \\t]*=[^=]`, 'm').test(text);
}

/**
 * The definitions of a lowered Go file that give `owner`'s field `member` a value: the keyed
 * elements of its composite literals, and, in a file of the type's own package (`ownPackage`),
 * assignments `x.member = …` in a function (a constructor, an option function's closure).
 */
export function memberDefs(lowered: Lowered, owner: string, member: string, ownPackage: boolean): Def[] {
  const dotted = `.${member}`;
  return lowered.defs.filter((d) => {
    if (!d.name.endsWith(dotted)) return false;
    if (d.owner !== undefined) return d.owner === owner;
    const head = d.name.slice(0, -dotted.length);
    return ownPackage && d.scope.kind === 'function' && IDENT.test(head);
  });
}
