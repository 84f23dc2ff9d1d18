import { LineIndex } from '../core/position.js';
import { redact } from '../core/redact.js';
import type { Finding } from '../core/types.js';
import { applySuppressions } from '../suppress/apply.js';
import { isVendoredPath } from './extract/context.js';
import { pinLinksOf, type ClientUse } from './extract/links.js';
import { mayPinIn } from './extract/prefilter.js';
import { pinMessage } from './message.js';
import { pinToFinding } from './to-finding.js';
import type { PinCandidate } from './types.js';

/**
 * One file's side of the pins that cross files, ready for the scan to join: each version
 * literal assigned to a name, as the finding it becomes if another file hands the name to a
 * client (built here, with the file's suppression comments applied), and the names this
 * file hands to a client without defining them. Plain data: it travels from the scan
 * workers as it is.
 */
export interface FileLinks {
  /** `finding` is absent where the file's own extractors report the literal already, or a comment silences it. */
  defs: Array<{ name: string; pin: PinCandidate; finding?: Finding }>;
  uses: ClientUse[];
}

/** The file's links; undefined when it has none. `pins`: what its own extractors found. */
export function fileLinks(file: string, text: string, pins: readonly PinCandidate[], occurrence: (key: string) => number): FileLinks | undefined {
  if (isVendoredPath(file) || !mayPinIn(file)) return undefined;
  const links = pinLinksOf(file, text);
  if (links.defs.length === 0 && links.uses.length === 0) return undefined;
  // A literal the file's own extractors report already is reported once, there.
  const reported = new Set(pins.map((p) => p.start));
  const lines = new LineIndex(text);
  const built: FileLinks['defs'] = links.defs.map((d) => (reported.has(d.pin.start) ? d : { ...d, finding: pinToFinding({ file, lines, pin: d.pin, occurrence }) }));
  // A def silenced by a suppression comment on its line stays silent when joined.
  const findings = built.flatMap((d) => (d.finding ? [d.finding] : []));
  const kept = new Set(findings.length === 0 ? [] : applySuppressions(text, findings).kept);
  return { defs: built.map((d) => (d.finding && !kept.has(d.finding) ? { name: d.name, pin: d.pin } : d)), uses: links.uses };
}

/** `harbor/settings.py` → `harbor/settings`; Python module `harbor.settings` → the same. */
function modulePath(file: string): string {
  return file.replace(/\\/g, '/').replace(/\.[^./]+$/, '').replace(/\/(?:__init__|index)$/, '');
}

/**
 * The file path (without extension) a module name points to: a JS specifier relative to the
 * importing file (`../config/engine.js`), or a Python dotted module (`harbor.settings`,
 * `.constants`), matched as a path suffix.
 */
function moduleFile(useFile: string, from: string): string {
  if (from.startsWith('./') || from.startsWith('../')) {
    const parts = dirOf(useFile).split('/').filter(Boolean);
    for (const seg of from.split('/')) {
      if (seg === '..') parts.pop();
      else if (seg !== '.') parts.push(seg);
    }
    return parts.join('/').replace(/\.[cm]?[jt]sx?$/, '').replace(/\/index$/, '');
  }
  return from.replace(/^\.+/, '').replace(/\./g, '/');
}

const CLASS_FILES = /\.(?:java|kt|kts|cs|groovy|scala)$/i;

function baseName(file: string): string {
  return modulePath(file).split('/').pop() ?? '';
}

function dirOf(file: string): string {
  const path = file.replace(/\\/g, '/');
  return path.slice(0, path.lastIndexOf('/') + 1);
}

/** Characters of directory the two paths share from their start. */
function sharedDirs(a: string, b: string): number {
  const x = dirOf(a).split('/');
  const y = dirOf(b).split('/');
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
}

/**
 * The definitions a use reads. With the module named by an import (`from harbor.settings
 * import X`, `from .constants import X`), the file that is that module; else the files
 * nearest to the use (a Go package is one directory, a gem's constants sit beside it).
 */
function definitionsFor(useFile: string, use: ClientUse, defs: ReadonlyArray<{ file: string; def: FileLinks['defs'][number] }>) {
  const all = defs.filter((d) => d.def.name === use.name);
  // The file's own definition decides where it has one (a local shadows any other file's).
  const here = all.filter((d) => d.file === useFile);
  if (here.length > 0) return here;
  const named = all;
  if (named.length === 0) return [];
  if (use.from !== undefined) {
    const module = moduleFile(useFile, use.from);
    return module === '' ? [] : named.filter((d) => {
      const path = modulePath(d.file);
      return path === module || path.endsWith(`/${module}`);
    });
  }
  // A class's constant (`DockerDefaults.API_VERSION` in Java, Kotlin, C#, Groovy, Scala) lives
  // in the file named after the class.
  if (use.qualifier !== undefined && CLASS_FILES.test(useFile) && /^[A-Z]/.test(use.qualifier)) {
    return named.filter((d) => baseName(d.file) === use.qualifier);
  }
  const best = Math.max(...named.map((d) => sharedDirs(d.file, useFile)));
  return named.filter((d) => sharedDirs(d.file, useFile) === best);
}

/**
 * Joins the files' links: every version literal some other file hands to a client,
 * reported once at the literal, its message naming the first use.
 */
export function joinPinLinks(files: ReadonlyArray<{ file: string; links: FileLinks }>): Finding[] {
  const defs = files.flatMap(({ file, links }) => links.defs.map((def) => ({ file, def })));
  if (defs.length === 0) return [];
  const usedBy = new Map<Finding, { def: FileLinks['defs'][number] & { finding: Finding }; where: string }>();
  const uses = files
    .flatMap(({ file, links }) => links.uses.map((use) => ({ file, use })))
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.use.line - b.use.line));
  for (const { file, use } of uses) {
    for (const d of definitionsFor(file, use, defs)) {
      const finding = d.def.finding;
      if (finding && !usedBy.has(finding)) usedBy.set(finding, { def: { ...d.def, finding }, where: `${use.sink} at ${file}:${use.line}` });
    }
  }
  return [...usedBy.values()].map(({ def, where }) => ({
    ...def.finding,
    message: redact(pinMessage({ ...def.pin, detail: `${def.pin.detail}, used by ${where}` })),
  }));
}
