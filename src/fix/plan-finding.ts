import type { Lexed, SourceLexer } from '../core/lexeme.js';
import { LineIndex } from '../core/position.js';
import type { Finding, FindingEdit, PendingFix } from '../core/types.js';
import { planFix, type FixPlan, type TextEdit } from './plan.js';
import { planLogin } from './login.js';
import { planCreate } from './create.js';
import { internalErrorFinding } from '../core/internal-error.js';

/**
 * A finding's fix is planned where its match is final: the scan calls planFixes on the
 * findings that survived inline suppressions, per-rule severities and the baseline, so no
 * edit is ever planned (or a file lexed) for a finding nobody sees. The matcher leaves what
 * planning needs in `pendingFix`; this turns it into `fix`, `suggestion` and `fixRefusal`.
 */

/** The lexer of an adapter, handed in by the scan (the lexers live with the extractors). */
export type LexerFor = (language: string) => Promise<SourceLexer | null>;

/** What the fix step needs of one file: its BOM-less text (the offsets the adapters saw). */
export type TextOf = (file: string) => string | undefined;

/** The access-token route (FACTS.md): a login moved there changes its body, response and scheme too. */
const LOGIN_PATH = '/v2/auth/token';

type UrlPlan = Extract<FixPlan, { edits: TextEdit[] }>;

/** `POST /v2/repositories` with no namespace in the URL, whose replacement needs one (FACTS.md). */
const isCreate = (p: PendingFix) => p.match.params.namespace === undefined && /\{namespace\}/.test(p.match.variant.replacement?.path ?? '') && p.match.variant.path === '/v2/repositories';

/** The URL's edits joined by the login's own (fix/login.ts); what is missing makes it partial. */
function withLogin(text: string, p: PendingFix, plan: UrlPlan, lexed: Lexed, lexer: SourceLexer, within?: { start: number; end: number }): UrlPlan {
  const c = p.candidate;
  // In a document's code block the block's language reads the login; elsewhere the file's adapter.
  const m = planLogin(text, lexed, c.at ?? c.start, within ? lexer.language : p.language, { start: c.start, end: c.end }, (t) => lexer.lex(t), within);
  return {
    ...plan,
    policy: 'unsafe',
    edits: [...plan.edits, ...m.edits].sort((a, b) => a.start - b.start),
    evidence: [...(plan.evidence ?? []), ...m.found],
    ...(m.missing.length ? { partial: `a partial login migration would send the old body to the new route; not found: ${m.missing.join('; ')}` } : {}),
  };
}

function fixFields(f: Finding, p: PendingFix, text: string | undefined, lines: () => LineIndex, lexer: SourceLexer | null, lexed: (() => Lexed) | undefined): Pick<Finding, 'fix' | 'suggestion' | 'fixRefusal'> {
  const { variant } = p.match;
  const r = f.replacement;
  const manual = r ? `call ${r.method} ${r.url ?? r.path} (${r.operation})` : (variant.replacementReason ?? 'no replacement');
  if (text === undefined) return { suggestion: manual };
  // In a document, a call in a code block is read by the block's language; one elsewhere has no lexer.
  const doc = lexed?.();
  const block = doc?.blocks?.find((b) => b.start <= p.candidate.start && p.candidate.end <= b.end);
  if (doc?.blocks) lexer = block?.lexer ?? null;
  let urlPlan = planFix(text, p.candidate, p.match, lexer, doc);
  // A create names its namespace in the body: the body's expression moves into the path.
  if (urlPlan.policy === 'none' && isCreate(p) && lexer && doc) {
    const c = planCreate(text, doc, p.candidate, lexer, block);
    urlPlan = 'refusal' in c ? { policy: 'none', reason: c.refusal } : { policy: 'unsafe', edits: c.edits, evidence: c.evidence, target: c.target };
  }
  if (urlPlan.policy === 'none') return { suggestion: `${manual}; not rewritten automatically: ${urlPlan.reason}`, fixRefusal: urlPlan.reason };
  const plan =
    variant.replacement?.path !== LOGIN_PATH
      ? urlPlan
      : lexer && doc
        ? withLogin(text, p, urlPlan, doc, lexer, block)
        : { ...urlPlan, policy: 'unsafe' as const, partial: 'a partial login migration would send the old body to the new route; hublint has no parser for this file type, so the body and the response are not found here' };
  const edits: FindingEdit[] = plan.edits.map((e) => {
    const a = lines().position(e.start);
    const b = lines().position(e.end);
    return { start: e.start, end: e.end, line: a.line, column: a.column, endLine: b.line, endColumn: b.column, text: e.text, ...(e.join ? { join: true } : {}), ...(e.kind ? { kind: e.kind } : {}) };
  });
  const evidence = plan.evidence?.length ? plan.evidence : undefined;
  const fix = { policy: plan.policy, edits, ...(plan.target ? { target: plan.target } : {}), ...(evidence ? { evidence } : {}), ...(plan.partial ? { partial: plan.partial } : {}) };
  if (plan.partial) return { fix, suggestion: `${manual}; shown, never written: ${plan.partial}`, fixRefusal: plan.partial };
  const note = [evidence ? `rests on ${evidence.join('; ')}` : null, variant.fix.policy === 'unsafe' || !evidence ? variant.fix.note : null].filter(Boolean).join('; ');
  return { fix, suggestion: plan.policy === 'unsafe' ? `${manual}; ${note} (applied with --fix-type unsafe)` : manual };
}

/** A Hub finding's keys as toFinding makes them, pendingFix last. */
const HUB_KEYS = 20;

/**
 * The finding without its pendingFix, then `fields` (fix, suggestion, fixRefusal, as fixFields
 * orders them). Kept findings live until the report is written: `{ ...rest, ...fields }` gave
 * each its own hidden class (V8 makes a fresh map when a spread lands on an object of ~20
 * keys: ~600 bytes of a finding's 1.8 KB), and keys copied in a loop make a dictionary; one
 * literal shares one map and holds its fields in the object.
 */
function withFields(f: Finding, fields: Pick<Finding, 'fix' | 'suggestion' | 'fixRefusal'>): Finding {
  if (Object.keys(f).length !== HUB_KEYS) {
    const { pendingFix: _pending, ...rest } = f;
    return { ...rest, ...fields };
  }
  const out: Finding = {
    family: f.family, ruleId: f.ruleId, severity: f.severity, status: f.status, date: f.date, file: f.file,
    line: f.line, column: f.column, endLine: f.endLine, endColumn: f.endColumn, message: f.message, method: f.method,
    methodSource: f.methodSource, url: f.url, snippet: f.snippet, replacement: f.replacement, fixPolicy: f.fixPolicy,
    confidence: f.confidence, fingerprint: f.fingerprint,
  };
  if ('fix' in fields) out.fix = fields.fix;
  if ('suggestion' in fields) out.suggestion = fields.suggestion;
  if ('fixRefusal' in fields) out.fixRefusal = fields.fixRefusal;
  return out;
}

/** One finding with its fix planned (fields in the order the JSON report has always had them). */
function planned(f: Finding, fields: Pick<Finding, 'fix' | 'suggestion' | 'fixRefusal'>): Finding {
  const { pendingFix } = f;
  if (!pendingFix?.undecided) return withFields(f, fields);
  const { pendingFix: _pending, ...rest } = f;
  // An undecided reading never gets an edit: a reviewer picks the reading.
  const { alternativeRuleIds, ...base } = rest;
  const { fix: _fix, ...kept } = { ...base, ...fields };
  return {
    ...kept,
    alternativeRuleIds,
    suggestion: `${kept.suggestion ?? ''}${kept.suggestion ? '; ' : ''}not rewritten automatically: the number of path segments is not known`,
    fixRefusal: 'the number of path segments a value fills is not known',
  };
}

/** True when a fix may be planned for some finding of a file: its text will be lexed. */
export const mayPlanAnEdit = (findings: readonly Finding[]): PendingFix | undefined =>
  findings.find((f) => f.pendingFix !== undefined && f.pendingFix.match.variant.fix.policy !== 'none')?.pendingFix;

/**
 * Plans the fix of every finding that carries a pendingFix, file by file (each file indexed
 * and lexed at most once, its lexer loaded only when some finding may get an edit; `lexedOf`
 * gives a file's lexed text when the scan made it already). Findings
 * without one (pins, hublint's own) come back unchanged; the order is kept.
 */
export async function planFixes(findings: readonly Finding[], textOf: TextOf, lexerFor: LexerFor, lexedOf?: (file: string) => Lexed | undefined): Promise<Finding[]> {
  const byFile = new Map<string, number[]>();
  findings.forEach((f, i) => {
    if (!f.pendingFix) return;
    const at = byFile.get(f.file);
    if (at) at.push(i);
    else byFile.set(f.file, [i]);
  });
  const out = [...findings];
  const failed: Finding[] = [];
  for (const [file, at] of byFile) {
    const text = textOf(file);
    let index: LineIndex | undefined;
    const lines = () => (index ??= new LineIndex(text ?? ''));
    // One file, one adapter: the lexer of the first finding's language serves them all.
    const mayEdit = mayPlanAnEdit(at.map((i) => findings[i])) !== undefined;
    const lexer = text !== undefined && mayEdit ? await lexerFor(findings[at[0]].pendingFix!.language) : null;
    let lexedOnce: Lexed | undefined;
    const lexed = lexer && text !== undefined ? () => (lexedOnce ??= lexedOf?.(file) ?? lexer.lex(text)) : undefined;
    try {
      for (const i of at) out[i] = planned(findings[i], fixFields(findings[i], findings[i].pendingFix!, text, lines, lexer, lexed));
    } catch (error) {
      // A planner that fails costs this file its fixes, never the scan its findings.
      for (const i of at) out[i] = planned(findings[i], fixFields(findings[i], findings[i].pendingFix!, undefined, lines, null, undefined));
      failed.push(internalErrorFinding(file, 'fix', error, 'planning the fixes of this file failed'));
    }
  }
  return failed.length > 0 ? [...out, ...failed] : out;
}
