import type { Finding, Severity } from '../core/types.js';
import { escapeControls } from '../core/printable.js';
import type { Reporter } from './types.js';
import { brief } from './brief.js';
import { releaseSpan } from '../rules/release-span.js';

const STYLE = { red: 31, yellow: 33, blue: 34, gray: 90, bold: 1, underline: 4 } as const;
type Style = keyof typeof STYLE;

function painter(color: boolean) {
  return (style: Style, text: string) => (color ? `\u001b[${STYLE[style]}m${text}\u001b[0m` : text);
}

const SEVERITY_STYLE: Record<Severity, Style> = { error: 'red', warning: 'yellow', info: 'blue' };

/**
 * Every finding line is ESLint-short (issue 32 row 11): the message says what and when in
 * about 80 characters, a second line what a person has to do in about 80 more, so a line fits a
 * 120-column terminal; the rule id leads to the rule's docs, and JSON, SARIF and the audit
 * keep every message and reason whole.
 */
const MESSAGE_MAX = 84;
const REASON_MAX = 80;
/** A daemon's answer to --probe is its own words: a little more room. */
const PROBE_MAX = 96;

/** A pin's subject without its source (the line shows it): `Engine API 1.41 pinned`. */
function pinSubjectShort(f: Finding): string | undefined {
  const p = f.pin;
  if (!p) return undefined;
  if (p.version === null) return 'Engine API URL without a version: deprecated';
  if (p.form === 'daemon-min') return `the daemon's minimum API version is lowered to ${p.version}`;
  const subject = p.form === 'cli-image' ? `the Docker ${p.release ?? ''} CLI speaks Engine API ${p.version} at most` : `Engine API ${p.version} pinned`;
  return p.yamlNumber === undefined ? subject : `${subject} (a YAML number: quote "${p.yamlNumber}")`;
}

/**
 * A Hub call's line says when and what to call instead (the method only when it changes); a pin's, the version and which Engine
 * releases refuse it (a scan) or each release's verdict (`engine check`, whose daemon texts
 * and fix stay in the JSON).
 */
function shortMessage(f: Finding): string {
  const subject = f.family === 'pin' ? pinSubjectShort(f) : undefined;
  if (subject !== undefined && f.pin?.verdicts?.length) {
    const groups = new Map<string, string[]>();
    for (const v of f.pin.verdicts) groups.set(v.verdict, [...(groups.get(v.verdict) ?? []), v.against]);
    // "pinned" is the rule's word (engine-api-pin); the verdicts need the room.
    return brief(`${subject.endsWith(' pinned') ? subject.slice(0, -' pinned'.length) : subject} — ${[...groups].map(([verdict, against]) => `${releaseSpan(against)}: ${verdict}`).join('; ')}`, MESSAGE_MAX);
  }
  if (subject !== undefined) {
    // A scan's verdict ends pinMessage (pins/message.ts): which releases of the table refuse it.
    const at = Math.min(...['; too ', '; every Engine release'].map((s) => f.message.indexOf(s)).filter((i) => i >= 0));
    return brief(`${subject}${Number.isFinite(at) ? f.message.slice(at) : ''}`, MESSAGE_MAX);
  }
  if (f.family !== 'hub' || (f.status !== 'deprecated' && f.status !== 'removed' && f.status !== 'legacy')) return brief(f.message, MESSAGE_MAX);
  const when = f.status === 'legacy' ? 'legacy' : `${f.status}${f.date ? ` ${f.date}` : ''}`;
  if (!f.replacement) return `${when}; no replacement`;
  // The method is named when it changes (or the call's is not known): the same call at a new path needs only the path.
  return `${when}; use ${f.method === f.replacement.method ? '' : `${f.replacement.method} `}${f.replacement.path}`;
}

/**
 * The lines under a finding: what --probe got from the live daemon (its own words, as the
 * `engine check` text has always shown them), then what a person has to do or decide: why
 * hublint does not rewrite it, or `engine check`'s fix. Info findings ask nothing of anyone.
 */
function linesUnder(f: Finding): string[] {
  const probes = [...new Set((f.pin?.verdicts ?? []).flatMap((v) => (v.probe ? [`[probe: ${v.probe.status} ${v.probe.message}]`] : [])))];
  const lines = probes.map((p) => brief(p, PROBE_MAX));
  if (f.severity === 'info') return lines;
  if (typeof f.fixRefusal === 'string') return [...lines, `needs a person: ${brief(f.fixRefusal, REASON_MAX)}`];
  // engine check ends its message with the one fix for every Engine judged against (pins/check.ts).
  const at = f.family === 'pin' ? f.message.lastIndexOf(' — fix: ') : -1;
  return at >= 0 ? [...lines, `fix: ${brief(f.message.slice(at + ' — fix: '.length), REASON_MAX)}`] : lines;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** ESLint's "stylish" layout: a block per file, then one summary line. */
export const textReporter: Reporter = (findings, ctx) => {
  const paint = painter(ctx.color === true);
  const byFile = new Map<string, Finding[]>();
  // Pushed, not copied: a file of 100,000 findings made its list 100,000 times (issue 34 row 5).
  for (const f of findings) {
    const list = byFile.get(f.file);
    if (list) list.push(f);
    else byFile.set(f.file, [f]);
  }
  const out: string[] = [];
  for (const [file, list] of byFile) {
    // Fields come from scanned files and names: escaped, so they cannot drive the terminal or
    // start a line of their own (a forged `::error` in a CI log).
    out.push(paint('underline', escapeControls(file)));
    const rows = list.map((f) => [`${f.line}:${f.column}`, f.severity, escapeControls(shortMessage(f)), escapeControls(f.ruleId)] as const);
    // A loop, not Math.max(...rows): a spread of ~120,000 arguments overflows the stack.
    let w0 = 0;
    let w1 = 0;
    for (const r of rows) {
      w0 = Math.max(w0, r[0].length);
      w1 = Math.max(w1, r[1].length);
    }
    rows.forEach(([pos, sev, msg, id], i) => {
      out.push(`  ${paint('gray', pos.padEnd(w0))}  ${paint(SEVERITY_STYLE[sev as Severity], sev.padEnd(w1))}  ${msg}  ${paint('gray', id)}`);
      // A call hublint does not rewrite (a rule with no automatic fix, a call whose fix is not
      // proven), a pin a daemon refuses: say what a person has to do or decide. Info findings
      // (a URL in a comment or in docs) ask nothing of anyone; their reason stays in the JSON.
      for (const under of linesUnder(list[i])) out.push(`  ${' '.repeat(w0)}  ${' '.repeat(w1)}  ${paint('gray', escapeControls(under))}`);
    });
    out.push('');
  }
  const s = ctx.stats;
  // The summary counts what was printed (ESLint's `--quiet` does too), not what was found.
  const count = { error: 0, warning: 0, info: 0 };
  for (const f of findings) count[f.severity]++;
  const { error, warning, info } = count;
  const skipped = s.filesSkipped ? `, ${s.filesSkipped} skipped (${Object.entries(s.skipped).map(([k, v]) => `${v} ${k}`).join(', ')})` : '';
  const files = `${plural(s.filesScanned, 'file')} scanned${skipped}`;
  const baseline = s.baseline as { total: number; fixed: number; remaining: number } | undefined;
  const progress = baseline ? `\nbaseline: ${baseline.fixed} of ${baseline.total} fixed, ${baseline.remaining} remaining` : '';
  // ESLint's word: a "problem" is an error or a warning. Info findings (an Engine API pin that
  // is fine today) are not problems: they are counted apart.
  const infos = info ? `${info} info finding${info === 1 ? '' : 's'}` : '';
  if (error + warning === 0) {
    out.push(`${paint('bold', 'no problems')}${infos ? `, ${paint('blue', infos)}` : ''} (${files})${progress}`);
  } else {
    const mark = error ? paint('red', '✖') : paint('yellow', '⚠');
    out.push(`${mark} ${paint('bold', `${plural(error + warning, 'problem')} (${plural(error, 'error')}, ${plural(warning, 'warning')})`)}${infos ? `, ${infos}` : ''} in ${files}${progress}`);
  }
  return `${out.join('\n')}\n`;
};
