import type { Finding } from '../core/types.js';

/**
 * Code and its tests change together or not at all (issue 31, row 4). A test that asserts the
 * URL a function builds (`expect(repoUrl('a', 'b')).toBe('https://hub.docker.com/v2/…')`,
 * `assert repo_url(…) == "…"`, Go's `if got != want`) holds that URL as a literal, which hublint
 * finds and can rewrite on its own; the function's own construction may be refused. Rewriting
 * only one side fails the project's test after `--fix`. So a test's fix is tied to the fixes of
 * the functions its test case calls: the run writes all of them, or none.
 */

/** Test files by the conventions of JS/TS, Python, Go, Ruby, Java/Kotlin and PHP. */
export function isTestFile(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (/(?:^|\/)(?:tests?|__tests__|spec|specs)\//.test(path)) return true;
  return /\.(?:test|spec)\.[cm]?[jt]sx?$|_test\.(?:go|py|rb)$|_spec\.rb$|^test_.*\.py$|(?:Test|Tests|Spec)\.(?:java|kt|php|cs)$/.test(name);
}

/**
 * Where one test case starts: a JS `test(`/`it(`, a Python `def test_…`, a Go `func Test…`,
 * a Ruby `it "…" do`, a Java/Kotlin `@Test`, a PHP `function test…`. Tested line by line.
 */
const TEST_START = /^\s*(?:(?:test|it|specify)(?:\.\w+)?\s*\(|(?:async\s+)?def\s+test|func\s+Test|it\s+['"]|@Test\b|(?:public\s+)?function\s+test)/;

/**
 * A function's header, line by line: JS/PHP `function f(`, `const f = (…) =>`/`= function`, a
 * class method `f(…) {`; Python/Ruby `def f`; Go `func f(`/`func (r T) f(`; Kotlin `fun f(`;
 * Java/C# `Type f(…) {`. Group 1 or 2 … holds the name.
 */
const HEADERS: RegExp[] = [
  /^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*(?:\*\s*)?([A-Za-z_$][\w$]*)\s*\(/,
  /^\s*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]{1,200})?=\s*(?:async\s+)?(?:function\b|\(|[A-Za-z_$][\w$]*\s*=>)/,
  /^\s*(?:async\s+)?def\s+(?:self\.)?([A-Za-z_]\w*[?!]?)/,
  /^\s*func\s+(?:\([^)]{0,200}\)\s*)?([A-Za-z_]\w*)\s*[([]/,
  /^\s*(?:(?:public|private|protected|internal|override|suspend|open)\s+){0,4}fun\s+(?:[\w.<>]{1,100}\.)?([A-Za-z_]\w*)\s*\(/,
];

const IDENT_CHAR = /[\w$]/;
const TYPE_WORDS = /^[\w.<>[\],?\s]{0,160}$/;

/**
 * A Java/C#/TS class method's header (`public static String tagsUrl(String ns) {`, `url(p: string): string {`):
 * the name before the first `(`, words of modifiers and a type before it, the parameters closed on
 * the line and a `{` ending it. A scan, not one pattern: the pattern's optional parts around
 * unbounded spaces were judged super-linear.
 */
function methodHeaderName(line: string): string | undefined {
  const text = line.trimEnd();
  if (!text.endsWith('{') || text.length > 600) return undefined;
  const open = text.indexOf('(');
  const close = text.indexOf(')', open + 1);
  if (open <= 0 || close === -1) return undefined;
  let end = open;
  while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  let start = end;
  while (start > 0 && IDENT_CHAR.test(text[start - 1])) start--;
  const name = text.slice(start, end);
  if (!/^[A-Za-z_$]/.test(name) || !TYPE_WORDS.test(text.slice(0, start))) return undefined;
  const after = text.slice(close + 1, -1).trim();
  return after === '' || (after.startsWith(':') && !after.includes('{')) ? name : undefined;
}

/** Words a method-shaped line starts with that are statements, not a method's name. */
const NOT_A_NAME = new Set(['if', 'for', 'while', 'switch', 'catch', 'return', 'function', 'else', 'do', 'with', 'elif', 'new', 'await', 'typeof']);

export function lineStarts(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  return out;
}

export function lineAt(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export const lineText = (text: string, starts: number[], i: number) => text.slice(starts[i], i + 1 < starts.length ? starts[i + 1] - 1 : text.length);

type Header = { name: string; at: number; line: string };

/** The header a line is, or null. */
function headerOn(line: string, at: number): Header | null {
  for (const re of HEADERS) {
    const name = re.exec(line)?.[1];
    if (name && !NOT_A_NAME.has(name)) return { name, at, line };
  }
  const method = methodHeaderName(line);
  return method && !NOT_A_NAME.has(method) ? { name: method, at, line } : null;
}

/**
 * One file's lines, read once: where each starts, the nearest header at or above each, the test
 * cases' starts and the names each case calls. Every finding of a file asks these; built per call,
 * a test file of many findings was quadratic (each finding re-read every line above it).
 */
export interface LineIndex {
  starts: number[];
  /** The nearest header at or above each line (built on first use). */
  headers?: Array<Header | null>;
  /** The nearest test case start at or above each line, and the next one below (-1: none). */
  testFrom?: Int32Array;
  testTo?: Int32Array;
  /** The names called in the test case starting at a line, by that line. */
  called: Map<number, Set<string>>;
}

/** Recent files' indexes by their text: a run asks about one file many times in a row, then moves on. */
const indexes = new Map<string, LineIndex>();
const KEPT = 8;

export function lineIndex(text: string): LineIndex {
  let index = indexes.get(text);
  if (index) return index;
  index = { starts: lineStarts(text), called: new Map() };
  if (indexes.size >= KEPT) indexes.delete(indexes.keys().next().value!);
  indexes.set(text, index);
  return index;
}

/** The nearest function header at or above `offset`: its name and where its line starts. */
export function enclosingHeader(text: string, offset: number): Header | null {
  const index = lineIndex(text);
  if (!index.headers) {
    const headers: Array<Header | null> = [];
    let last: Header | null = null;
    for (let i = 0; i < index.starts.length; i++) {
      last = headerOn(lineText(text, index.starts, i), index.starts[i]) ?? last;
      headers.push(last);
    }
    index.headers = headers;
  }
  return index.headers[lineAt(index.starts, offset)];
}

/** The name of the nearest function header at or above `offset`, or null. */
export const enclosingFunction = (text: string, offset: number): string | null => enclosingHeader(text, offset)?.name ?? null;

/** The names called in the test case that holds `offset` (from its start to the next one's). */
export function calledInTestCase(text: string, offset: number): Set<string> {
  const index = lineIndex(text);
  const { starts } = index;
  if (!index.testFrom || !index.testTo) {
    const n = starts.length;
    const isStart = Array.from({ length: n }, (_, i) => TEST_START.test(lineText(text, starts, i)));
    const from = new Int32Array(n);
    const to = new Int32Array(n);
    // A line's case starts at the nearest start at or above it (the first line when none); it ends at the next start below.
    for (let i = 0, last = 0; i < n; i++) from[i] = last = isStart[i] ? i : last;
    for (let i = n - 1, next = n; i >= 0; i--) {
      to[i] = next;
      if (isStart[i]) next = i;
    }
    index.testFrom = from;
    index.testTo = to;
  }
  const at = lineAt(starts, offset);
  const from = index.testFrom[at];
  const cached = index.called.get(from);
  if (cached) return cached;
  const to = index.testTo[at];
  const body = text.slice(starts[from], to < starts.length ? starts[to] : text.length);
  const names = new Set<string>();
  // A name starts where no name character stands before it, so a long word without `(` is read once (recheck: linear).
  for (const m of body.matchAll(/(?<![\w$])([A-Za-z_$][\w$]*)[ \t]*\(/g)) names.add(m[1]);
  // Ruby calls without parentheses (`repo_url "a", "b"`) and `subject.repo_url`: every word counts there.
  if (/\bdo\b|\bexpect\s*\{/.test(body)) for (const m of body.matchAll(/[A-Za-z_][\w]*[?!]?/g)) names.add(m[0]);
  index.called.set(from, names);
  return names;
}

/** One tie: a test's fix and the fixes of the functions its test case calls. */
export interface InStepTie {
  test: Finding;
  code: Array<{ finding: Finding; fn: string }>;
}

/** A finding's offset in its file's text: the fix's first edit (only fixable findings are tied). */
const offsetOf = (f: Finding) => f.fix?.edits[0]?.start;

/**
 * The ties among the findings of a run: each Hub finding with a fix in a test file, tied to
 * every Hub finding (fix or not) inside a function of a non-test file that its test case calls.
 * A code finding with no fix still ties: the test's literal must then stay as it is.
 */
export function inStepTies(findings: readonly Finding[], textOf: (file: string) => string | undefined): InStepTie[] {
  const byFunction = new Map<string, Array<{ finding: Finding; fn: string }>>();
  for (const f of findings) {
    if (f.family !== 'hub' || isTestFile(f.file)) continue;
    const text = textOf(f.file);
    if (text === undefined) continue;
    const fn = enclosingFunction(text, offsetOf(f) ?? offsetAtLine(text, f.line));
    if (fn) byFunction.set(fn, [...(byFunction.get(fn) ?? []), { finding: f, fn }]);
  }
  const ties: InStepTie[] = [];
  if (byFunction.size === 0) return ties;
  for (const f of findings) {
    if (f.family !== 'hub' || !f.fix || !isTestFile(f.file)) continue;
    const text = textOf(f.file);
    const at = offsetOf(f);
    if (text === undefined || at === undefined) continue;
    const code = [...calledInTestCase(text, at)].flatMap((name) => byFunction.get(name) ?? []);
    if (code.length) ties.push({ test: f, code });
  }
  return ties;
}

function offsetAtLine(text: string, line: number): number {
  const { starts } = lineIndex(text);
  return starts[Math.min(Math.max(line - 1, 0), starts.length - 1)];
}

const where = (f: Finding) => `${f.file}:${f.line}`;

/**
 * The fixes to hold back so that every tie is whole: given the fingerprints that would go in,
 * each tie with some member in and some out loses the ones in, each with why. A test's member
 * is out when the code's fix is not written; the code's when the test's is not.
 */
export function brokenTies(ties: readonly InStepTie[], goesIn: (f: Finding) => boolean): Map<string, { finding: Finding; reason: string }> {
  const out = new Map<string, { finding: Finding; reason: string }>();
  for (const tie of ties) {
    const members = [tie.test, ...tie.code.map((c) => c.finding)];
    const left = members.filter((m) => !goesIn(m));
    if (left.length === 0 || left.length === members.length) continue;
    const fns = [...new Set(tie.code.map((c) => c.fn))].join(', ');
    for (const m of members) {
      if (!goesIn(m) || out.has(m.fingerprint)) continue;
      const reason =
        m === tie.test
          ? `the test asserts what ${fns} builds, and its URL is not rewritten in this run (${left.map(where).join(', ')}): code and test change together or not at all`
          : `the test at ${where(tie.test)} asserts what ${fns} builds, and its expected URL is not rewritten in this run: code and test change together or not at all`;
      out.set(m.fingerprint, { finding: m, reason });
    }
  }
  return out;
}
