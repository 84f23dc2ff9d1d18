import type { Finding } from '../core/types.js';
import { isTestFile, lineAt, lineStarts, lineText } from './in-step.js';

/**
 * A test's expected URL (`assert repo_url("a", "b") == "https://hub.docker.com/v2/…"`,
 * `expect(buildUrl('a', 'b')).toBe('…')`, Go's `want := "…"`) is not a call: nothing requests
 * it, it only mirrors what the code builds. It is not reported (issue 30), and it is still
 * rewritten in step with the code it mirrors (issue 31, row 4; fix/in-step.ts), never alone:
 * the scan keeps such findings apart as the run's mirrors (mirrorTest), and --fix writes one only in a tie.
 * A URL a test hands to a mock (`httpx_mock.add_response(url="…")`, `nock(…)`) or requests is
 * a call of the test, and stays a finding.
 */

/** Words that make a statement an assertion (`expect(…).toBe(…)`, RSpec's `should eq`, AssertJ's `isEqualTo`), beside every `assert…`. */
const ASSERTING = new Set(['expect', 'should', 'verify', 'toBe', 'toEqual', 'toStrictEqual', 'toMatch', 'toContain', 'toHaveBeenCalledWith', 'toHaveBeenLastCalledWith', 'isEqualTo']);
/** testify's `require.Equal(t, …)`: the package's word before an `Equal…`. */
const REQUIRE_EQUAL = /^(?:Equal|Exactly|Contains)/;
const WORD = /[A-Za-z_$][\w$]*/g;

/** Whether a statement's words make it an assertion (`assert`, `assertEqual`, `self.assertEquals`, `assert_equal`, `require.Equal`, `expect`). */
function asserts(text: string): boolean {
  let previous = '';
  for (const [word] of text.matchAll(WORD)) {
    if (/^assert/i.test(word) || ASSERTING.has(word) || (previous === 'require' && REQUIRE_EQUAL.test(word))) return true;
    previous = word;
  }
  return false;
}

/** A comparison just before the literal (`url == "…"`, `if got != "…"`, `x is (`). */
function comparedBefore(before: string): boolean {
  let t = before.trimEnd();
  if (t.endsWith('(')) t = t.slice(0, -1).trimEnd();
  return /[=!]=$/.test(t) || /(?:^|[^\w$])is$/.test(t);
}

/** A comparison just after the literal (`"…" == url`, `"…") == url`). */
function comparedAfter(after: string): boolean {
  let t = after.trimStart();
  if (t.startsWith(')')) t = t.slice(1).trimStart();
  return /^[=!]=/.test(t);
}

/** A name that holds what a test expects (`expected = "…"`, `want := "…"`, `want: "…"`, `"expected_url": "…"`). */
const EXPECTED_NAME = /(?:^|[^\w$])["']?(?:expected|expect|want|wanted|exp)(?:[_A-Z]\w*)?["']?\s*(?::=|=|:)\s*$/i;
/** A line that continues the statement of the line before it ends so (`assert url == (`, `assertEqual(`, `\`). */
const CONTINUED = /(?:[(,[{\\]|==|!=|&&|\|\|)\s*$/;
/** How many lines above the literal a statement's head is looked for. */
const REACH = 3;

const QUOTES = new Set(['"', "'", '`']);
/** A string prefix before the quote (`f"…"`, `r'…'`, `@"…"`, `$"…"`, Scala's `s"…"`), after a non-word. */
const PREFIX = /(?:^|(?<=[^\w$]))(?:[A-Za-z]{1,2}|[@$]{1,2})$/;

/**
 * The text of the statement that holds the literal whose text starts at `offset`, up to its
 * opening quote (and prefix), and what follows its closing quote on its line.
 */
function around(text: string, starts: number[], offset: number): { before: string; after: string } {
  const quote = offset > 0 && QUOTES.has(text[offset - 1]) ? text[offset - 1] : undefined;
  const open = quote ? offset - 1 : offset;
  const at = lineAt(starts, open);
  let from = at;
  while (from > 0 && at - from < REACH && CONTINUED.test(lineText(text, starts, from - 1))) from--;
  const before = text.slice(starts[from], open).replace(PREFIX, '');
  const line = lineText(text, starts, at);
  const tail = line.slice(offset - starts[at]);
  const close = quote ? tail.indexOf(quote) : -1;
  return { before, after: close === -1 ? '' : tail.slice(close + 1) };
}

/** Whether the literal whose text starts at `offset` of a test's text is the value an assertion expects. */
export function isExpectedValue(text: string, starts: number[], offset: number): boolean {
  const { before, after } = around(text, starts, offset);
  return asserts(before) || comparedBefore(before) || EXPECTED_NAME.test(before) || comparedAfter(after);
}

/**
 * Whether a finding is a test's mirror: in a test file, the value an assertion expects, or a URL
 * the test builds from values (not a whole literal) and sends nowhere (no request was traced to it:
 * `repoListURL := fmt.Sprintf(…)` then `strings.Contains(repoListURL, …)`). A whole literal a
 * test sends nowhere may be a mock's address (`httpx_mock.add_response(url=…)`): it stays.
 * Read from the finding's candidate, so before its fix is planned. `textOf` gives a scanned file's text.
 */
export function mirrorTest(textOf: (file: string) => string | undefined): (f: Finding) => boolean {
  const starts = new Map<string, number[]>();
  return (f) => {
    if (f.family !== 'hub' || f.status === 'error' || !isTestFile(f.file)) return false;
    const c = f.pendingFix?.candidate;
    if (c && c.rebuilt && !c.literal && c.methodSource === 'default' && !c.prose && !c.docs) return true;
    const text = textOf(f.file);
    if (text === undefined) return false;
    const s = starts.get(f.file) ?? lineStarts(text);
    starts.set(f.file, s);
    const line = Math.min(Math.max(f.line - 1, 0), s.length - 1);
    return isExpectedValue(text, s, Math.min(s[line] + Math.max(f.column - 1, 0), text.length));
  };
}
