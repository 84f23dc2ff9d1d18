import type { Finding } from '../core/types.js';
import { isTestFile, lineAt, lineStarts, lineText } from './in-step.js';

/**
 * A test's expected URL (`assert repo_url("a", "b") == "https://hub.docker.com/v2/…"`,
 * `expect(buildUrl('a', 'b')).toBe('…')`, Go's `want := "…"`) is not a call: nothing requests
 * it, it only mirrors what the code builds. It is not reported (issue 30), and it is still
 * rewritten in step with the code it mirrors (issue 31, row 4; fix/in-step.ts), never alone:
 * the scan keeps such findings apart as the run's mirrors, and --fix writes one only in a tie.
 * A URL a test hands to a mock (`httpx_mock.add_response(url="…")`, `nock(…)`) or requests is
 * a call of the test, and stays a finding.
 */

/** An assertion's head: `assert`, `assertEqual(`, `self.assertEquals(`, `assert.equal(`, `require.Equal(`, `expect(`, `.toBe(`, RSpec's `eq`. */
const ASSERTION = /(?:^|[^\w$])(?:assert\w*|(?:require|assert|t)\.\w*(?:Equal|Contains|Match)\w*|expect|should|verify|(?:to|not)\s*\.?\s*(?:eq|eql|equal|be|match|include)|\.to(?:Be|Equal|StrictEqual|Match|Contain|HaveBeenCalledWith|HaveBeenLastCalledWith)|isEqualTo)\b/;
/** A comparison before the literal (`url == "…"`, `if got != "…"`) or after it (`"…" == url`). */
const COMPARED_BEFORE = /(?:[=!]==?|\bis)\s*\(?\s*$/;
const COMPARED_AFTER = /^\s*\)?\s*(?:[=!]==?)/;
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
  return ASSERTION.test(before) || COMPARED_BEFORE.test(before) || EXPECTED_NAME.test(before) || COMPARED_AFTER.test(after);
}

/**
 * The run's Hub findings split: the ones a test only expects (mirrors, see above) and the rest.
 * `textOf` gives a scanned file's text.
 */
export function splitMirrors(findings: readonly Finding[], textOf: (file: string) => string | undefined): { findings: Finding[]; mirrors: Finding[] } {
  const kept: Finding[] = [];
  const mirrors: Finding[] = [];
  const starts = new Map<string, number[]>();
  for (const f of findings) {
    const text = f.family === 'hub' && f.status !== 'error' && isTestFile(f.file) ? textOf(f.file) : undefined;
    if (text === undefined) {
      kept.push(f);
      continue;
    }
    const s = starts.get(f.file) ?? lineStarts(text);
    starts.set(f.file, s);
    const line = Math.min(Math.max(f.line - 1, 0), s.length - 1);
    const offset = Math.min(s[line] + Math.max(f.column - 1, 0), text.length);
    (isExpectedValue(text, s, offset) ? mirrors : kept).push(f);
  }
  return { findings: kept, mirrors };
}
