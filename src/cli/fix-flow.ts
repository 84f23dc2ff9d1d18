import type { Finding } from '../core/types.js';
import type { LintResult } from '../scan/run.js';
import type { FileFixResult, FixType } from '../fix/run-fix.js';
import { escapeControls } from '../core/printable.js';
import { redact } from '../core/redact.js';
import { err, say } from './emit.js';
import { critically, pendingSignal } from './signals.js';
import { inPlacePatch } from './line-patch.js';

export interface FixFlags {
  fix?: boolean;
  fixDryRun?: boolean;
  fixType?: FixType;
  fixHardlinks?: boolean;
}

function summary(results: FileFixResult[], remaining: readonly Finding[], dryRun: boolean, fixType: FixType, mirrors: ReadonlySet<string>): string {
  const done = results.filter((r) => r.status !== 'refused' && r.fixed.some((f) => !f.fix?.partial));
  const count = done.reduce((n, r) => n + r.fixed.filter((f) => !f.fix?.partial).length, 0);
  const lines = [`hublint: ${dryRun ? 'would fix' : 'fixed'} ${count} finding${count === 1 ? '' : 's'} in ${done.length} file${done.length === 1 ? '' : 's'}; ${remaining.length} need${remaining.length === 1 ? 's' : ''} a person`];
  const why = new Map<string, number>();
  for (const f of remaining) {
    const reason = f.fixRefusal ?? (f.fix ? (f.fix.policy === 'unsafe' && fixType === 'safe' ? 'unsafe rewrite (use --fix-type unsafe after review)' : 'the file was not fixed') : 'no automatic rewrite');
    why.set(reason, (why.get(reason) ?? 0) + 1);
  }
  // A test's expected URL held back with the code it mirrors is no finding, but the reason is worth a line.
  for (const r of results) for (const x of r.rolledBack ?? []) if (mirrors.has(x.finding.fingerprint)) why.set(`${x.finding.file}:${x.finding.line}: ${x.reason}`, 1);
  for (const [reason, n] of why) lines.push(`  ${n} × ${reason}`);
  for (const r of results.filter((x) => x.status === 'refused')) lines.push(`  ${escapeControls(r.file)}: not fixed: ${escapeControls(r.reason ?? '')}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Runs --fix or --fix-dry-run over a scan's findings. Returns the findings that remain and,
 * for a dry run, the unified diff to print.
 */
export async function fixFlow(
  result: LintResult,
  flags: FixFlags,
  cwd: string,
  inMemory?: ReadonlyMap<string, string>,
): Promise<{ remaining: Finding[]; diff: string; exitSignal: NodeJS.Signals | null }> {
  const { runFix } = await import('../fix/run-fix.js');
  const fixType = flags.fixType ?? 'safe';
  const dryRun = flags.fixDryRun === true && !flags.fix;
  const results: FileFixResult[] = await critically((stop) =>
    runFix(result.findings, {
      cwd,
      fixType,
      dryRun,
      fixHardlinks: flags.fixHardlinks === true,
      onNotice: (m) => say(`hublint: ${m}`),
      relint: result.scanned.relint,
      verifier: result.scanned.verifier,
      inMemory,
      scannedHash: result.scanned.hash,
      undecodableName: result.scanned.undecodableName,
      projectPaths: result.scanned.paths,
      readProjectFile: result.scanned.read,
      candidatesWith: result.scanned.candidatesWith,
      shouldStop: () => stop() !== null,
      mirrors: result.mirrors,
    }),
  );
  const fixedPrints = new Set(results.filter((r) => r.status !== 'refused').flatMap((r) => r.fixed.filter((f) => !f.fix?.partial).map((f) => f.fingerprint)));
  // A file the checks refused keeps its findings, each saying why it was not fixed.
  const refusedWhy = new Map(results.filter((r) => r.status === 'refused').map((r) => [r.file, r.reason ?? 'not fixed']));
  // A fix the checks turned down while its file's other fixes went in says why too.
  const rolledBackWhy = new Map(results.flatMap((r) => (r.rolledBack ?? []).map((x) => [x.finding.fingerprint, x.reason] as const)));
  const remaining = result.findings
    .filter((f) => !fixedPrints.has(f.fingerprint))
    .map((f) => (f.fix && rolledBackWhy.has(f.fingerprint) ? { ...f, fixRefusal: rolledBackWhy.get(f.fingerprint) } : f.fix && refusedWhy.has(f.file) ? { ...f, fixRefusal: refusedWhy.get(f.file) } : f));
  let diff = '';
  if (dryRun) {
    const { createTwoFilesPatch } = await import('diff');
    // Each side redacted before the `-`/`+`/` ` marks go in front of its lines: a mark glued to a
    // line's first word (`-http --auth u:PASS`, `+printf … | docker login`) hides the shapes
    // that start at a word. The edge redacts the diff again.
    for (const r of results) {
      if (!r.diff) continue;
      const [before, after] = [redact(r.diff.before), redact(r.diff.after)];
      diff += inPlacePatch(`a/${r.file}`, `b/${r.file}`, before, after) ?? createTwoFilesPatch(`a/${r.file}`, `b/${r.file}`, before, after, undefined, undefined, { context: 3 });
    }
  }
  err(summary(results, remaining, dryRun, fixType, new Set((result.mirrors ?? []).map((m) => m.fingerprint))));
  return { remaining, diff, exitSignal: pendingSignal() };
}
