import { sortFindings } from '../core/sort-findings.js';
import type { Finding, ScanStats } from '../core/types.js';
import { readCandidateFile } from '../discover/read.js';
import { parseSize } from '../discover/size.js';
import { walk } from '../discover/walk.js';
import { DEFAULT_MAX_FILE_SIZE, type LintOptions } from '../scan/run.js';
import { applySuppressions } from '../suppress/apply.js';
import { lintPinsText } from '../scan/lint-pins.js';

/** The discovery options of `lint`, which pins share (rules do not apply to pins). */
export type PinScanOptions = Pick<LintOptions, 'paths' | 'cwd' | 'files' | 'noIgnore' | 'include' | 'exclude' | 'maxFileSize' | 'onNotice'>;

export interface PinScanResult {
  findings: Finding[];
  stats: ScanStats;
}

/**
 * Finds every pinned Engine API version under the paths, with the same discovery (globs,
 * .gitignore, size and binary guards) and inline suppressions as `lint`. Files are read one at a time: the pin
 * pass is a single regex sweep per file, so reading is the whole cost.
 */
export async function lintPins(options: PinScanOptions = {}): Promise<PinScanResult> {
  const started = Date.now();
  const cwd = options.cwd ?? process.cwd();
  const maxSize = options.maxFileSize === undefined ? DEFAULT_MAX_FILE_SIZE : parseSize(options.maxFileSize);
  const stats: ScanStats = { filesScanned: 0, filesSkipped: 0, skipped: {}, findings: 0, bySeverity: { error: 0, warning: 0, info: 0 }, durationMs: 0 };
  const findings: Finding[] = [];
  const scan = (path: string, text: string) => {
    stats.filesScanned++;
    findings.push(...applySuppressions(text, lintPinsText(path, text)).kept);
  };
  if (options.files) {
    for (const f of options.files) scan(f.path, f.text);
  } else {
    for await (const file of walk(options.paths ?? ['.'], { cwd, noIgnore: options.noIgnore, include: options.include, exclude: options.exclude })) {
      const read = await readCandidateFile(file.absolute, maxSize);
      if (!('skipped' in read)) {
        scan(file.path, read.text);
        continue;
      }
      stats.filesSkipped++;
      stats.skipped[read.skipped] = (stats.skipped[read.skipped] ?? 0) + 1;
      if (read.skipped !== 'binary') options.onNotice?.(`${file.path}: skipped: ${read.detail}`);
    }
  }
  sortFindings(findings);
  stats.findings = findings.length;
  for (const f of findings) stats.bySeverity[f.severity]++;
  stats.durationMs = Date.now() - started;
  return { findings, stats };
}
