// Matches one case's findings against its labels, exactly as eval/README.md states, and
// turns the outcome into scored events (true, false, missed) that the tables count.
import { readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { PIN_RULE, contextGroup } from './cases.mjs';

/** hub | pins | other: the families the scorer reports. */
export function familyOf(ruleId, hubRuleIds) {
  if (ruleId === PIN_RULE) return 'pins';
  if (hubRuleIds.has(ruleId) || ruleId.startsWith('hub-')) return 'hub';
  return 'other';
}

/**
 * The findings that count for a case: Hub and pin findings, plus any other rule the case
 * labels. case.yaml is the case's description, not part of the scanned code: findings in it
 * are dropped (its notes may quote the URLs it describes).
 */
export function scoredFindings(c, findings, hubRuleIds) {
  const labelled = new Set(c.labels.map((l) => l.rule));
  return findings.filter((f) => f.file !== 'case.yaml' && (familyOf(f.ruleId, hubRuleIds) !== 'other' || labelled.has(f.ruleId)));
}

/**
 * Greedy one-to-one matching in finding order (file, line): a finding takes an unmatched
 * label with the same file, a line in the label's `line` + `alt`, and an equal rule
 * (`sameRule`). Non-optional labels and the label's own line are preferred.
 */
export function matchFindings(labels, findings, sameRule) {
  const used = new Set();
  const pairs = [];
  const unmatched = [];
  for (const f of findings) {
    let best = -1;
    let bestRank = Infinity;
    labels.forEach((l, i) => {
      if (used.has(i) || l.file !== f.file || !l.lines.includes(f.line) || !sameRule(l.rule, f.ruleId)) return;
      const rank = (l.optional ? 2 : 0) + (l.line === f.line ? 0 : 1);
      if (rank < bestRank) [best, bestRank] = [i, rank];
    });
    if (best < 0) unmatched.push(f);
    else {
      used.add(best);
      pairs.push({ label: labels[best], finding: f });
    }
  }
  const missed = labels.filter((l, i) => !used.has(i) && !l.optional);
  return { pairs, unmatched, missed };
}

const DOC_EXT = new Set(['.md', '.markdown', '.mdx', '.rst', '.adoc', '.txt']);
const CONFIG_EXT = new Set(['.yaml', '.yml', '.json', '.toml', '.ini', '.cfg', '.conf', '.env', '.properties', '.mk']);
const COMMENT_START = /^(?:#|\/\/|\/\*|\*|<!--|--|;|REM\s|')/i;

/**
 * A false finding has no label to say its context, so it is inferred from where it stands,
 * with the format's own definitions: Markdown/reST/text files are docs; a line that starts
 * with a comment marker is a comment; test paths are test; settings files (YAML, JSON,
 * Dockerfile, Makefile, env) are config; the rest is code. A `silent` entry of the case
 * may name the context outright.
 */
export function inferContext(c, f, lineText) {
  const told = c.silent.find((s) => s.file === f.file && s.line === f.line && s.context);
  if (told) return told.context;
  const name = basename(f.file);
  const ext = extname(name).toLowerCase();
  if (DOC_EXT.has(ext)) return 'doc';
  if (COMMENT_START.test(lineText.trim())) return 'comment';
  if (/(^|\/)(tests?|spec|__tests__)\//.test(f.file) || /(^test_|[._-](test|spec)\.)/.test(name)) return 'test';
  if (CONFIG_EXT.has(ext) || /^(Dockerfile|Containerfile|Makefile|GNUmakefile)/.test(name) || name.startsWith('.env')) return 'config';
  return 'code';
}

function lineOf(dir, file, line, cache) {
  if (!cache.has(file)) {
    let lines = [];
    try {
      lines = readFileSync(join(dir, file), 'utf8').split(/\r?\n/);
    } catch {
      // unreadable: no text, the context falls back on the file name
    }
    cache.set(file, lines);
  }
  return cache.get(file)[line - 1] ?? '';
}

/**
 * Judges one scanned case. `run` is { findings, crash } from the CLI. Returns the lists a
 * reader needs (misses, false findings) and the events the tables count, strict and lenient
 * ("any Hub rule on the right line").
 */
export function judgeCase(c, run, hubRuleIds) {
  const findings = scoredFindings(c, run.findings, hubRuleIds).sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.ruleId.localeCompare(b.ruleId));
  const texts = new Map();
  const base = { case: c.id, language: c.language };
  const falseEvent = (f) => {
    const context = inferContext(c, f, lineOf(c.dir, f.file, f.line, texts));
    return { ...base, kind: 'fp', family: familyOf(f.ruleId, hubRuleIds), rule: f.ruleId, context, group: contextGroup(context), file: f.file, line: f.line, method: f.method ?? null };
  };
  const labelEvent = (kind, l, extra = {}) => ({ ...base, kind, family: familyOf(l.rule, hubRuleIds), rule: l.rule, context: l.context, group: contextGroup(l.context), file: l.file, line: l.line, ...extra });

  const strict = matchFindings(c.labels, findings, (a, b) => a === b);
  const events = [
    ...strict.pairs
      .filter((p) => !p.label.optional)
      .map((p) => labelEvent('tp', p.label, { methodRight: p.label.method !== null && p.finding.method === p.label.method, method: p.finding.method ?? null, expectedMethod: p.label.method })),
    ...strict.unmatched.map(falseEvent),
    ...strict.missed.map((l) => labelEvent('fn', l, { expectedMethod: l.method })),
  ];

  const isHub = (r) => familyOf(r, hubRuleIds) === 'hub';
  const hubLabels = c.labels.filter((l) => isHub(l.rule));
  const hubFindings = findings.filter((f) => isHub(f.ruleId));
  const lenient = matchFindings(hubLabels, hubFindings, (a, b) => isHub(a) && isHub(b));
  const lenientEvents = [
    ...lenient.pairs.filter((p) => !p.label.optional).map((p) => labelEvent('tp', p.label)),
    ...lenient.unmatched.map(falseEvent),
    ...lenient.missed.map((l) => labelEvent('fn', l)),
  ];

  const misses = events.filter((e) => e.kind === 'fn');
  const falses = events.filter((e) => e.kind === 'fp');
  return {
    id: c.id,
    language: c.language,
    kind: c.kind,
    repos: c.sources.map((s) => s.repo),
    passed: run.crash === null && misses.length === 0 && falses.length === 0,
    crash: run.crash,
    internalErrors: run.findings.filter((f) => f.ruleId === 'internal-error').map((f) => `${f.file}:${f.line} ${f.message}`),
    events,
    lenientEvents,
    misses,
    falses,
  };
}
