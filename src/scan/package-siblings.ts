import { posix } from 'node:path';
import { escapeRegExp } from '../core/escape-regexp.js';
import { adapterNameFor } from '../extract/registry.js';
import { PACKAGE_FOLDER_LANGUAGES, packageNames } from '../extract/resolve/modules.js';
import { mayJoinForeignBase, type ReadItem } from './read/read-batch.js';
import { readFileFast, type ReadScratch } from './read/fast-read.js';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A file of a language whose package is its folder (Go, Java, Kotlin, C#). */
export const mayShareAPackage = (path: string): boolean => PACKAGE_FOLDER_LANGUAGES.has(adapterNameFor(path));

/**
 * The part of the adapters' gate (LintTextOptions.prefilter) for files kept because of other
 * files: a host-less Hub path, or a Go/Java/Kotlin/C# file (kept only as a package sibling
 * when it names neither a Hub host nor a path).
 */
export const mayUseForeignValues = (file: string, text: string): boolean => mayShareAPackage(file) || mayJoinForeignBase(file, text);

/**
 * Go, Java, Kotlin and C# share names across the files of a folder without an import: a file
 * that names no Hub host or path may build a Hub URL from a package constant another file of
 * its folder defines (`fmt.Sprintf("%s/%s", APIURL, APILogin)` with both in const.go). Of the
 * files the byte gate passed over (`quiet`), those in the folder of a kept file of the same
 * language that name one of its package-level names are read again and linted, and so are
 * Java/Kotlin/C# files anywhere that name a constant through a kept class (`HubUrls.BASE`,
 * `import static ...HubUrls.BASE`). The cost follows the kept files' packages and classes, not the
 * tree: kept files are the few that name a Hub host or path.
 */
export function packageSiblings(kept: ReadonlyArray<{ path: string; text: string }>, quiet: readonly ReadItem[], maxSize: number, scratch: ReadScratch): Array<{ path: string; text: string }> {
  const names = new Map<string, Set<string>>();
  const classes = new Map<string, Set<string>>();
  for (const f of kept) {
    const language = adapterNameFor(f.path);
    if (!PACKAGE_FOLDER_LANGUAGES.has(language)) continue;
    const key = `${posix.dirname(f.path)}\0${language}`;
    const set = names.get(key) ?? new Set<string>();
    const defined = packageNames(language, f.text);
    for (const n of defined) set.add(n);
    if (set.size > 0) names.set(key, set);
    // A class file (Java's one public class per file): others name its constants through it,
    // `HubUrls.BASE` or `import static ...HubUrls.BASE` (a class merely used elsewhere is not enough).
    // The file's name is input: only a name a class can have (`Hub(.java` cannot be named in
    // code) becomes part of a pattern, and escaped.
    const cls = posix.basename(f.path).replace(/\.[^.]+$/, '');
    if (language !== 'go' && defined.length > 0 && IDENTIFIER.test(cls)) {
      const fields = classes.get(cls) ?? new Set<string>();
      for (const n of defined) fields.add(n);
      classes.set(cls, fields);
    }
  }
  if (names.size === 0) return [];
  const byClass = classes.size > 0 ? new RegExp([...classes].map(([cls, fields]) => `\\b${escapeRegExp(cls)}\\.(?:${[...fields].map(escapeRegExp).join('|')})\\b`).join('|')) : null;
  const tests = new Map<string, RegExp>();
  const out: Array<{ path: string; text: string }> = [];
  for (const item of quiet) {
    const language = adapterNameFor(item.path);
    const key = `${posix.dirname(item.path)}\0${language}`;
    const set = names.get(key);
    if (!set && !(byClass && language !== 'go')) continue;
    let test = set && tests.get(key);
    if (set && !test) tests.set(key, (test = new RegExp(`\\b(?:${[...set].map(escapeRegExp).join('|')})\\b`)));
    const r = readFileFast(item.absolute, maxSize, scratch);
    if ('skipped' in r) continue;
    const text = r.bytes.toString('utf8');
    if (test?.test(text) || (language !== 'go' && byClass?.test(text))) out.push({ path: item.path, text });
  }
  return out;
}
