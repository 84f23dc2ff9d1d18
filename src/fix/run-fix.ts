import { hashText } from '../core/hash.js';
import { readFileSync, type Stats } from 'node:fs';
import { lstat, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import type { Finding } from '../core/types.js';
import { applyEdits } from './apply-edits.js';
import type { TextEdit } from './plan.js';
import { verifyFix, type FixVerifier } from './verify.js';
import { CannotKeepError, ChangedOnDiskError, WriteError, writeAtomic } from './write-atomic.js';
import { whyNotLossless } from './encoding.js';
import { definitionProblems, type UseCheck } from './definition-uses.js';
import { brokenTies, inStepTies, type InStepTie } from './in-step.js';

export type FixType = 'safe' | 'unsafe';

export interface FileFixResult {
  file: string;
  status: 'fixed' | 'would-fix' | 'refused';
  reason?: string;
  fixed: Finding[];
  /** Fixes of this file the checks turned down while the file's other fixes went through. */
  rolledBack?: Array<{ finding: Finding; reason: string }>;
  diff?: { before: string; after: string };
}

export interface FixRunOptions {
  cwd: string;
  fixType: FixType;
  dryRun: boolean;
  /**
   * Lints a text of `file` exactly as the scan did (the scan hands this in, so the fix step
   * needs no import of the scan).
   */
  relint: (file: string, text: string) => Promise<Finding[]>;
  /** Handed over by the scan too: re-reads an edited text by meaning, parse and skeleton (fix/verify.ts). */
  verifier: (file: string, text: string) => Promise<FixVerifier>;
  /** Hashes of the text each file had when it was scanned. */
  scannedHash: (file: string) => string | undefined;
  /**
   * The scan met this file under a name that is not valid UTF-8: `file` is the name decoded
   * (U+FFFD for the bad bytes), which is not the file's path, so the file is left alone.
   */
  undecodableName?: (file: string) => boolean;
  /** --fix-hardlinks: fix a file with several names, splitting this name off (as `sed -i` does). */
  fixHardlinks?: boolean;
  /** One line for each hard link split (--fix-hardlinks). */
  onNotice?: (message: string) => void;
  /** Texts that were scanned from memory (standard input): diffed, never written. */
  inMemory?: ReadonlyMap<string, string>;
  /** The linted files and a re-read against edited texts: a rewritten constant's uses in other files are checked (fix/definition-uses.ts). */
  projectPaths?: UseCheck['paths'];
  readProjectFile?: UseCheck['read'];
  candidatesWith?: UseCheck['candidatesWith'];
  /** Stop between files (SIGINT/SIGTERM): every file is then wholly old or wholly new. */
  shouldStop?: () => boolean;
  /**
   * A test's expected URLs (fix/asserted.ts): not reported, and fixed only as the test side of a
   * tie with the code they mirror (fix/in-step.ts), never alone.
   */
  mirrors?: readonly Finding[];
}

/** The mirrors that a tie joins to code findings of the run: the only ones --fix may rewrite. */
function tiedMirrors(findings: readonly Finding[], opts: FixRunOptions): Finding[] {
  const mirrors = opts.mirrors ?? [];
  if (mirrors.length === 0) return [];
  const texts = new Map<string, string | undefined>();
  const textOf = (file: string) => (texts.has(file) ? texts.get(file) : texts.set(file, readIfScanned(file, opts)).get(file));
  const tied = new Set(inStepTies([...findings, ...mirrors], textOf).map((t) => t.test));
  return mirrors.filter((m) => tied.has(m));
}


/** A partial migration is shown by a dry run, never written (it would send the old body to the new route). */
const allowed = (f: Finding, type: FixType, dryRun = true) => f.fix !== undefined && (f.fix.policy === 'safe' || type === 'unsafe') && (!f.fix.partial || dryRun);
const key = (f: Finding) => `${f.ruleId}\0${f.url}\0${f.method ?? ''}`;

/** The edited text must lose exactly the fixed findings and gain none. */
function relintAgrees(before: Finding[], fixed: Finding[], after: Finding[]): string | null {
  const fixedSet = new Set(fixed.map((f) => f.fingerprint));
  const expected = new Map<string, number>();
  for (const f of before) if (!fixedSet.has(f.fingerprint)) expected.set(key(f), (expected.get(key(f)) ?? 0) + 1);
  for (const f of after) {
    const n = expected.get(key(f)) ?? 0;
    if (n === 0) return `the edit would leave or create a finding (${f.ruleId} at ${f.line}:${f.column})`;
    expected.set(key(f), n - 1);
  }
  return null;
}

export type FixCheck = (after: string, fixed: Finding[], applied: TextEdit[]) => Promise<string | null>;

/** Applies the fixes' edits; the fixes whose edits all went in (overlapping ones keep the first). */
function applyFixes(text: string, fixes: Finding[]): { after: string; fixed: Finding[]; applied: TextEdit[] } {
  const edits: TextEdit[] = fixes.flatMap((f) => f.fix!.edits.map((e) => ({ start: e.start, end: e.end, text: e.text, join: e.join, kind: e.kind })));
  const { text: after, applied } = applyEdits(text, edits);
  const fixed = fixes.filter((f) => f.fix!.edits.every((e) => applied.some((a) => a.start === e.start && a.end === e.end)));
  return { after, fixed, applied: applied.filter((a) => fixed.some((f) => f.fix!.edits.some((e) => e.start === a.start && e.end === a.end))) };
}

/**
 * The fixes of one file that pass every check together. All of them when they do; otherwise
 * one by one in file order, each kept when it passes with those kept before it, so one failed
 * fix (a base behind a proxy prefix, say) no longer rolls back the others of the file.
 */
export async function passingFixes(text: string, wanted: Finding[], check: FixCheck): Promise<{ after: string; fixed: Finding[]; rolledBack: Array<{ finding: Finding; reason: string }> }> {
  const all = applyFixes(text, wanted);
  const why = all.fixed.length ? await check(all.after, all.fixed, all.applied) : 'overlapping edits';
  if (why === null) return { after: all.after, fixed: all.fixed, rolledBack: [] };
  let kept: Finding[] = [];
  let after = text;
  const rolledBack: Array<{ finding: Finding; reason: string }> = [];
  for (const f of [...wanted].sort((a, b) => a.fix!.edits[0].start - b.fix!.edits[0].start)) {
    const trial = applyFixes(text, [...kept, f]);
    const reason = trial.fixed.length === kept.length + 1 ? await check(trial.after, trial.fixed, trial.applied) : 'its edit overlaps another fix';
    if (reason === null) {
      kept = trial.fixed;
      after = trial.after;
    } else rolledBack.push({ finding: f, reason });
  }
  return { after, fixed: kept, rolledBack };
}

/** A file's fixes checked and ready: what writing it takes, or the result it ends with. */
interface Prepared {
  result: FileFixResult;
  /** The text before and after the file's fixes, when some go in. */
  texts?: { before: string; after: string };
  write?: { absolute: string; st: Stats; raw: Buffer; newRaw: string };
}

/** A file's text as read for its fixes (BOM-less), or why it is left alone. */
interface Opened {
  text: string;
  rawText: string;
  bom: string;
  raw: Buffer;
  st: Stats | null;
  absolute: string;
}

async function openFile(file: string, opts: FixRunOptions): Promise<Opened | string> {
  const absolute = resolve(opts.cwd, file);
  const inMemory = opts.inMemory?.get(file);
  let st = null;
  let raw: Buffer;
  if (inMemory !== undefined) {
    raw = Buffer.from(inMemory, 'utf8');
  } else if (opts.undecodableName?.(file)) {
    // Rewriting by the decoded name would miss the file or hit another one: a person renames it.
    return 'its name is not valid UTF-8: left alone (rename the file, or edit it by hand)';
  } else {
    st = await lstat(absolute).catch(() => null);
    if (!st) return 'the file is gone';
    if (st.isSymbolicLink()) return 'symlinked file left alone';
    if (!st.isFile()) return 'not a regular file';
    if ((st.mode & 0o200) === 0) return 'read-only file (no owner write permission) left alone';
    if (st.nlink > 1 && !opts.fixHardlinks) return `hard-linked file (${st.nlink} names) left alone: a rewrite would split the link (--fix-hardlinks to fix this name anyway)`;
    raw = await readFile(absolute);
  }
  // Only a file whose bytes decode and encode back exactly can be edited as text.
  const lossy = whyNotLossless(raw);
  if (lossy) return lossy;
  const rawText = raw.toString('utf8');
  if (hashText(rawText) !== opts.scannedHash(file)) return 'changed on disk since it was scanned';
  const bom = rawText.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  return { text: bom ? rawText.slice(1) : rawText, rawText, bom, raw, st, absolute };
}

/** Checks a file's fixes (all but `held`, which another file's tie holds back) without writing. */
async function prepareFile(file: string, findings: Finding[], opts: FixRunOptions, opened: Opened | string, held: ReadonlyMap<string, { reason: string }>): Promise<Prepared> {
  const refuse = (reason: string): Prepared => ({ result: { file, status: 'refused', reason, fixed: [] } });
  if (typeof opened === 'string') return refuse(opened);
  const wanted = findings.filter((f) => allowed(f, opts.fixType, opts.dryRun || opts.inMemory?.has(file) === true));
  const kept = wanted.filter((f) => !held.has(f.fingerprint));
  const heldBack = wanted.filter((f) => held.has(f.fingerprint)).map((f) => ({ finding: f, reason: held.get(f.fingerprint)!.reason }));
  const { text, rawText, bom, raw, st, absolute } = opened;
  if (kept.length === 0) return { result: { file, status: 'refused', reason: heldBack[0]?.reason ?? 'overlapping edits', fixed: [], ...(heldBack.length ? { rolledBack: heldBack } : {}) } };
  const before = await opts.relint(file, text);
  const verifier = await opts.verifier(file, text);
  const chosen = await passingFixes(text, kept, async (after, fixed, applied) => relintAgrees(before, fixed, await opts.relint(file, after)) ?? (await verifyFix(text, after, fixed, applied, verifier)));
  const rolledBack = [...chosen.rolledBack.map((r) => ({ ...r, reason: `rolled back: ${r.reason}` })), ...heldBack];
  if (chosen.fixed.length === 0) return { result: { file, status: 'refused', reason: rolledBack[0]?.reason ?? 'overlapping edits', fixed: [], ...(heldBack.length ? { rolledBack } : {}) } };
  const { after, fixed } = chosen;
  const newRaw = bom + after;
  const partly = rolledBack.length ? { rolledBack } : {};
  const texts = { before: text, after };
  if (opts.dryRun || !st) return { result: { file, status: 'would-fix', fixed, ...partly, diff: { before: rawText, after: newRaw } }, texts };
  return { result: { file, status: 'fixed', fixed, ...partly }, write: { absolute, st, raw, newRaw }, texts };
}

function writePrepared(p: Prepared, opts: FixRunOptions): FileFixResult {
  const { result, write } = p;
  if (!write) return result;
  const { absolute, st, raw, newRaw } = write;
  const refuse = (reason: string): FileFixResult => ({ file: result.file, status: 'refused', reason, fixed: [] });
  try {
    writeAtomic(absolute, Buffer.from(newRaw, 'utf8'), st, raw);
  } catch (error) {
    if (error instanceof ChangedOnDiskError || error instanceof CannotKeepError || error instanceof WriteError) return refuse(error.message);
    return refuse(`cannot write (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  if (st.nlink > 1) opts.onNotice?.(`${result.file}: hard link split: the ${st.nlink - 1} other name${st.nlink > 2 ? 's keep' : ' keeps'} the old content`);
  return result;
}

/** Puts a written file back as it was (a tie's other file failed to write). */
async function restore(p: Prepared): Promise<void> {
  const { absolute, raw, newRaw } = p.write!;
  const now = await lstat(absolute).catch(() => null);
  if (now) writeAtomic(absolute, raw, now, Buffer.from(newRaw, 'utf8'));
}

/**
 * Fixes file by file; a refused file is reported and left exactly as it was. Every file is
 * checked before any is written, so the fixes a tie joins across files (a test and the function
 * it asserts, fix/in-step.ts) go in together or not at all, the dry run included.
 */
export async function runFix(reported: readonly Finding[], opts: FixRunOptions): Promise<FileFixResult[]> {
  const findings = [...reported, ...tiedMirrors(reported, opts)];
  const byFile = new Map<string, Finding[]>();
  for (const f of findings) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
  const files = [...byFile].filter(([, list]) => list.some((f) => allowed(f, opts.fixType, opts.dryRun)));
  const opened = new Map<string, Opened | string>();
  const prepared = new Map<string, Prepared>();
  const held = new Map<string, { finding: Finding; reason: string }>();
  for (const [file, list] of files) {
    if (opts.shouldStop?.()) break;
    opened.set(file, await openFile(file, opts));
    prepared.set(file, await prepareFile(file, list, opts, opened.get(file)!, held));
  }
  const textOf = (file: string) => {
    const o = opened.get(file);
    return o === undefined ? undefined : typeof o === 'string' ? undefined : o.text;
  };
  // Texts of files whose findings have no fix to write are read only when a tie may need them.
  const ties = inStepTies(findings, (file) => textOf(file) ?? (opened.has(file) ? undefined : readIfScanned(file, opts)));
  const goesIn = (f: Finding) => !held.has(f.fingerprint) && (prepared.get(f.file)?.result.fixed.some((x) => x.fingerprint === f.fingerprint) ?? false);
  // Holding one fix back may fail another's check (or end its file's last fix): settle until stable.
  const checkedUses = new Set<string>();
  const rootOf = projectRoots(opts.cwd);
  for (let round = 0; round <= findings.length; round++) {
    const broken = brokenTies(ties, goesIn);
    // A constant rewritten at its definition: its uses in other files must reach the same replacement.
    if (opts.projectPaths && opts.readProjectFile && opts.candidatesWith) {
      for (const [file, p] of prepared) {
        if (!p.texts || checkedUses.has(`${file}\0${p.texts.after}`)) continue;
        checkedUses.add(`${file}\0${p.texts.after}`);
        const problems = await definitionProblems(file, p.texts.before, p.texts.after, p.result.fixed, { paths: opts.projectPaths, read: opts.readProjectFile, candidatesWith: opts.candidatesWith, rootOf });
        for (const [print, reason] of problems) broken.set(print, { finding: p.result.fixed.find((f) => f.fingerprint === print)!, reason });
      }
    }
    if (broken.size === 0) break;
    const touched = new Set<string>();
    for (const [print, b] of broken) {
      held.set(print, b);
      touched.add(b.finding.file);
    }
    for (const file of touched) prepared.set(file, await prepareFile(file, byFile.get(file)!, opts, opened.get(file)!, held));
  }
  const results: FileFixResult[] = [];
  const written: Prepared[] = [];
  for (const [file] of files) {
    const p = prepared.get(file);
    if (!p) break;
    if (p.write && opts.shouldStop?.()) break;
    const r = writePrepared(p, opts);
    results.push(r);
    if (p.write && r.status === 'fixed') written.push(p);
    else if (p.write) await undoTied(r, p, written, ties, results);
  }
  return results;
}

/** A file of a tie failed to write: the files written for the same ties go back as they were. */
async function undoTied(failed: FileFixResult, p: Prepared, written: Prepared[], ties: readonly InStepTie[], results: FileFixResult[]): Promise<void> {
  const mine = new Set(p.result.fixed.map((f) => f.fingerprint));
  const partners = new Set<string>();
  for (const tie of ties) {
    const members = [tie.test, ...tie.code.map((c) => c.finding)];
    if (members.some((m) => mine.has(m.fingerprint))) for (const m of members) partners.add(m.file);
  }
  for (const w of written) {
    if (!partners.has(w.result.file) || w.result.file === failed.file) continue;
    await restore(w).catch(() => undefined);
    const i = results.indexOf(w.result);
    if (i >= 0) results[i] = { file: w.result.file, status: 'refused', reason: `put back: ${failed.file}, which changes with it, could not be written (${failed.reason ?? 'write failed'})`, fixed: [] };
  }
}

/** A file the scan read, for a tie's look at a function whose finding has nothing to write. */
function readIfScanned(file: string, opts: FixRunOptions): string | undefined {
  const memory = opts.inMemory?.get(file);
  if (memory !== undefined) return memory;
  try {
    const text = readFileSync(resolve(opts.cwd, file), 'utf8');
    return hashText(text) === opts.scannedHash(file) ? text.replace(/^\ufeff/, '') : undefined;
  } catch {
    return undefined;
  }
}

/** Files that mark a project's root: a repository, or a package of a language whose constants a fix may rewrite. */
const ROOT_MARKS = ['.git', 'package.json', 'go.mod', 'pyproject.toml', 'setup.py', 'setup.cfg'];

/** The nearest folder above a file (up to the scan's folder) that holds a root mark; the scan's folder when none does. Cached by folder. */
function projectRoots(cwd: string): (file: string) => string {
  const base = resolve(cwd);
  const byDir = new Map<string, string>();
  const rootOfDir = (dir: string): string => {
    const known = byDir.get(dir);
    if (known !== undefined) return known;
    const parent = dirname(dir);
    const root = dir === base || parent === dir || !dir.startsWith(base) ? base : ROOT_MARKS.some((m) => existsSync(join(dir, m))) ? dir : rootOfDir(parent);
    byDir.set(dir, root);
    return root;
  };
  return (file) => rootOfDir(dirname(resolve(base, file)));
}
