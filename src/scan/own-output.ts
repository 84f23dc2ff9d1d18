/**
 * Files hublint wrote itself are never findings (issue 32): a report names every deprecated
 * call it found, and its `--cache` holds them too, so the next scan of the same folder would
 * report them again, each time more. They are known by their content, whatever their name:
 * each format's opening (and for the text report its summary line) as hublint writes it.
 * Only the head and the tail are read, so the test costs the same for any file size; it runs
 * only on files that passed the prefilter (a report with nothing in it names no Hub host).
 */

const HEAD = 4096;
const TAIL = 512;

const STRING = String.raw`"(?:[^"\\]|\\.)*"`;

/** Openings, each anchored at the start of the file (after a BOM, which the caller strips). */
const OPENINGS: readonly RegExp[] = [
  // --cache (scan/cache.ts): {"format":N,"key":"<sha-256>","entries":{
  /^\{"format":\d+,"key":"[0-9a-f]{64}","entries":\{/,
  // -f json (and merge's input): the tool comes first.
  /^\{\s*"tool":\s*\{\s*"name":\s*"hublint"/,
  // -f sarif (any $schema string: the version, runs and driver name that follow are hublint's own)
  /^\{\s*"\$schema":\s*"[^"]*",\s*"version":\s*"2\.1\.0",\s*"runs":\s*\[\s*\{\s*"tool":\s*\{\s*"driver":\s*\{\s*"name":\s*"hublint"/,
  // -f gitlab: a Code Quality report (an issue list), which is findings, never code.
  new RegExp(String.raw`^\[\s*\{\s*"type":\s*"issue",\s*"description":\s*${STRING},\s*"check_name":\s*${STRING},`),
  // -f junit
  /^<\?xml[^>]*\?>\s*<testsuites name="hublint"/,
  // -f markdown and -f html: the audit's title.
  /^# hublint migration audit\n/,
  /^<!DOCTYPE html>\s*<html[^>]*>\s*<head>[\s\S]{0,2048}?<title>hublint migration audit<\/title>/,
  // `hublint baseline`
  /^\{\s*"version":\s*1,\s*"tool":\s*"hublint",\s*"findings":/,
];

/** -f github: every line a workflow command with hublint's properties. */
const GITHUB_LINE = /^::(?:error|warning|notice) file=[^\n]*,title=[a-z0-9-]+::/;

/** -f text (ESLint's stylish layout): a file, a finding row under it, and the summary at the end. */
const TEXT_HEAD = /^\S[^\n]*\n {2}\d+:\d+ +(?:error|warning|info) {2}/;
// The marks as escapes: one non-ASCII character in a bundle makes V8 hold the whole bundle's
// source as a two-byte string on every start (scripts/bundle.mjs checks).
const SUMMARY_START = /^(?:[\u2716\u26A0] \d+ problems? \(|no problems)/;
const FILES_SCANNED = /\b\d+ files? scanned/;

/** The text report's last line (before an optional `baseline:` line) is its summary; read line by line (one regex over it was quadratic). */
function endsWithSummary(tail: string): boolean {
  if (!tail.endsWith('\n')) return false;
  const lines = tail.slice(0, -1).split('\n');
  if (lines.length > 1 && lines[lines.length - 1].startsWith('baseline: ')) lines.pop();
  const last = lines[lines.length - 1];
  return SUMMARY_START.test(last) && FILES_SCANNED.test(last);
}

export function isOwnOutput(text: string): boolean {
  const head = text.slice(0, HEAD);
  if (OPENINGS.some((re) => re.test(head))) return true;
  if (GITHUB_LINE.test(head)) return text.split('\n').every((line) => line === '' || GITHUB_LINE.test(line));
  return TEXT_HEAD.test(head) && endsWithSummary(text.slice(-TAIL));
}
