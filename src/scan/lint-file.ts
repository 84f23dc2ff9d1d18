import type { Finding } from '../core/types.js';
import { LineIndex } from '../core/position.js';
import { adapterNameFor, commentSpans, hasOwnNeedle, languagesWhere, loadAdapter, loadLexer, type AdapterName } from '../extract/registry.js';
import { planFixes, type LexerFor } from '../fix/plan-finding.js';
import { unreadComments } from '../extract/comments.js';
import type { AdapterContext } from '../extract/types.js';
import { MAX_NESTING, nestingPastLimit } from '../extract/nesting.js';
import { markUndecided, matchReadings } from '../match/readings.js';
import type { RuleSet } from '../match/ruleset.js';
import { toFinding } from '../match/to-finding.js';
import { internalErrorFinding } from '../core/internal-error.js';
export { internalErrorFinding };
import { sortFindings } from '../core/sort-findings.js';
import { stripBom } from '../core/strip-bom.js';
import { isOwnOutput } from './own-output.js';
import { isSourceMap } from './generated.js';
import type { ExtractMemo } from './extract-memo.js';
import { addTiming, timed, timingsEnabled, nowMs } from '../runtime/stage-clock.js';
import { budgetFor, withBudget } from '../runtime/work-budget.js';
import { HUB_HOST_PATTERN, HUB_PATH_PATTERN } from '../extract/prefilter.js';

/** Text left unread by a depth cap matters when it names a Hub host or a Hub route (data nested deep does not). */
const mayHoldAHubCall = (text: string): boolean => HUB_HOST_PATTERN.test(text) || HUB_PATH_PATTERN.test(text);

export interface LintTextOptions {
  ruleSet: RuleSet;
  context: AdapterContext;
  /** Whether the adapters need to see the file at all (`file`: its path, when the gate depends on the language). */
  prefilter: (text: string, file?: string) => boolean;
  /** Force an adapter (e.g. --stdin-filename decides it otherwise). */
  adapter?: AdapterName;
  /** Identical vendored copies extracted once (one memo per run; see extract-memo.ts). */
  memo?: ExtractMemo;
}

export const AST_SIZE_LIMIT = 1024 * 1024;
export const AST_ADAPTERS = languagesWhere((l) => l.syntaxTree === true);
/** Adapters that tokenize in one flat pass (no tree, no recursion): no nesting guard needed. */
const FLAT_ADAPTERS = languagesWhere((l) => l.flat === true);


/** The adapter that reads `file` with these options and this much text. */
export function adapterFor(file: string, text: string, opts: LintTextOptions): AdapterName {
  const name = opts.adapter ?? adapterNameFor(file);
  // A syntax tree of a huge (usually generated or minified) file costs far more memory than
  // it is worth: such files get the plain URL scan, which still finds every written-out call.
  return text.length > AST_SIZE_LIMIT && AST_ADAPTERS.has(name) ? 'text' : name;
}

/**
 * Text in, findings out: the pure heart of hublint. `file` is the POSIX path to report. Each
 * Hub finding carries its fix planned (fix/plan-finding.ts); a scan uses lintFile instead and
 * plans fixes only for the findings that survive suppression and the baseline.
 */
export async function lintText(file: string, raw: string, opts: LintTextOptions): Promise<Finding[]> {
  const text = stripBom(raw);
  return planFixes(await lintFile(file, text, opts), () => text, lexerFor);
}

/** The fix step's view of a language: its lexer, by adapter name. */
export const lexerFor: LexerFor = (language) => loadLexer(language as AdapterName);

const PER_FILE = process.env.HUBLINT_TIMINGS_FILES === '1';

/** lintText without the fix planning: each Hub finding keeps its pendingFix for the scan's finish. */
export async function lintFile(file: string, raw: string, opts: LintTextOptions): Promise<Finding[]> {
  if (!timingsEnabled()) return lintFileOnce(file, raw, opts);
  const started = nowMs();
  try {
    return await lintFileOnce(file, raw, opts);
  } finally {
    const ms = nowMs() - started;
    addTiming('lint', ms);
    // HUBLINT_TIMINGS_FILES=1 adds each file's lint time as its own stage: which files a slow run spent it on.
    if (PER_FILE) addTiming(`lint file ${file}`, ms, raw.length);
  }
}

async function lintFileOnce(file: string, raw: string, opts: LintTextOptions): Promise<Finding[]> {
  const text = stripBom(raw);
  const name = adapterFor(file, text, opts);
  if (!opts.prefilter(text, file) && !hasOwnNeedle(name, text)) return [];
  // A report or cache hublint wrote names every call it found: it is no source of new ones;
  // a source map repeats the sources it maps (generated.ts).
  if (isOwnOutput(text) || isSourceMap(file, text)) return [];
  // Before a parser builds a tree: a pathological nesting costs this file, never the run.
  if (!FLAT_ADAPTERS.has(name) && nestingPastLimit(text) !== null) {
    return [internalErrorFinding(file, name, new Error(`brackets nested more than ${MAX_NESTING} levels deep; not parsed`))];
  }
  let candidates;
  let cut: string | undefined;
  try {
    const adapter = await loadAdapter(name);
    const extract = (ctx: AdapterContext) =>
      timed(`extract ${name}`, () => {
        const run = withBudget(budgetFor(text.length), () => adapter.extract(file, text, ctx), mayHoldAHubCall);
        if (timingsEnabled()) addTiming('work units', 0, run.spent);
        cut = run.cut;
        return run.result;
      });
    // The memo may hand back another copy's array: add the comments' candidates to a new one.
    const extracted = opts.memo ? opts.memo.extract(name, file, text, opts.context, extract) : extract(opts.context);
    candidates = [...extracted, ...(await unreadComments(name, text, extracted, commentSpans, file))];
  } catch (error) {
    return [internalErrorFinding(file, name, error)];
  }
  // A depth cap left part of the file unread: what was found stands, and the file says so.
  const unread = cut === undefined ? [] : [internalErrorFinding(file, name, new Error(`${cut}; what lies deeper was not read`), `the ${name} adapter did not read all of this file`)];
  const lines = new LineIndex(text);
  const counts = new Map<string, number>();
  const occurrence = (key: string) => {
    const n = counts.get(key) ?? 0;
    counts.set(key, n + 1);
    return n;
  };
  const seen = new Set<string>();
  const findings: Finding[] = [];
  const matched = timed('match', () => candidates.sort((a, b) => a.start - b.start).map((c) => ({ c, read: matchReadings(c, opts.ruleSet) })));
  for (const { c, read } of matched) {
    if (!read) continue;
    const m = read.match;
    // Two adapters' views of one span (e.g. a literal and its concatenation) report once.
    const spanKey = `${c.start}:${c.end}:${m.rule.id}`;
    if (seen.has(spanKey)) continue;
    seen.add(spanKey);
    findings.push(markUndecided(toFinding({ file, lines, candidate: read.candidate, match: m, occurrence, language: name }), c, read.others));
  }
  return sortFindings([...findings, ...unread]);
}
