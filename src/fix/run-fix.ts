import { hashText } from '../core/hash.js';
import { lstat, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Finding } from '../core/types.js';
import { applyEdits } from './apply-edits.js';
import type { TextEdit } from './plan.js';
import { verifyFix, type FixVerifier } from './verify.js';
import { CannotKeepError, ChangedOnDiskError, WriteError, writeAtomic } from './write-atomic.js';
import { whyNotLossless } from './encoding.js';

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
  /** Stop between files (SIGINT/SIGTERM): every file is then wholly old or wholly new. */
  shouldStop?: () => boolean;
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

async function fixFile(file: string, findings: Finding[], opts: FixRunOptions): Promise<FileFixResult> {
  const wanted = findings.filter((f) => allowed(f, opts.fixType, opts.dryRun || opts.inMemory?.has(file) === true));
  const refuse = (reason: string): FileFixResult => ({ file, status: 'refused', reason, fixed: [] });
  const absolute = resolve(opts.cwd, file);
  const inMemory = opts.inMemory?.get(file);
  let st = null;
  let raw: Buffer;
  if (inMemory !== undefined) {
    raw = Buffer.from(inMemory, 'utf8');
  } else if (opts.undecodableName?.(file)) {
    // Rewriting by the decoded name would miss the file or hit another one: a person renames it.
    return refuse('its name is not valid UTF-8: left alone (rename the file, or edit it by hand)');
  } else {
    st = await lstat(absolute).catch(() => null);
    if (!st) return refuse('the file is gone');
    if (st.isSymbolicLink()) return refuse('symlinked file left alone');
    if (!st.isFile()) return refuse('not a regular file');
    if ((st.mode & 0o200) === 0) return refuse('read-only file (no owner write permission) left alone');
    if (st.nlink > 1 && !opts.fixHardlinks) return refuse(`hard-linked file (${st.nlink} names) left alone: a rewrite would split the link (--fix-hardlinks to fix this name anyway)`);
    raw = await readFile(absolute);
  }
  // Only a file whose bytes decode and encode back exactly can be edited as text.
  const lossy = whyNotLossless(raw);
  if (lossy) return refuse(lossy);
  const rawText = raw.toString('utf8');
  if (hashText(rawText) !== opts.scannedHash(file)) return refuse('changed on disk since it was scanned');
  const bom = rawText.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const text = bom ? rawText.slice(1) : rawText;
  const before = await opts.relint(file, text);
  const verifier = await opts.verifier(file, text);
  const chosen = await passingFixes(text, wanted, async (after, fixed, applied) => relintAgrees(before, fixed, await opts.relint(file, after)) ?? (await verifyFix(text, after, fixed, applied, verifier)));
  if (chosen.fixed.length === 0) return refuse(chosen.rolledBack.length ? `rolled back: ${chosen.rolledBack[0].reason}` : 'overlapping edits');
  const { after, fixed, rolledBack } = chosen;
  const newRaw = bom + after;
  const partly = rolledBack.length ? { rolledBack: rolledBack.map((r) => ({ ...r, reason: `rolled back: ${r.reason}` })) } : {};
  if (opts.dryRun || !st) return { file, status: 'would-fix', fixed, ...partly, diff: { before: rawText, after: newRaw } };
  try {
    writeAtomic(absolute, Buffer.from(newRaw, 'utf8'), st, raw);
  } catch (error) {
    if (error instanceof ChangedOnDiskError || error instanceof CannotKeepError || error instanceof WriteError) return refuse(error.message);
    return refuse(`cannot write (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  if (st.nlink > 1) opts.onNotice?.(`${file}: hard link split: the ${st.nlink - 1} other name${st.nlink > 2 ? 's keep' : ' keeps'} the old content`);
  return { file, status: 'fixed', fixed, ...partly };
}

/** Fixes file by file; a refused file is reported and left exactly as it was. */
export async function runFix(findings: readonly Finding[], opts: FixRunOptions): Promise<FileFixResult[]> {
  const byFile = new Map<string, Finding[]>();
  for (const f of findings) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
  const results: FileFixResult[] = [];
  for (const [file, list] of byFile) {
    if (opts.shouldStop?.()) break;
    if (!list.some((f) => allowed(f, opts.fixType, opts.dryRun))) continue;
    results.push(await fixFile(file, list, opts));
  }
  return results;
}
