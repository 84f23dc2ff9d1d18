/**
 * Where a version, whatever form found it, configures no Docker client of the project
 * (issue 16): a vendored copy of somebody else's code, an assertion of what a request
 * looked like, the data rows of a parameterised test. Pure text tests; no parsing.
 */

/**
 * A vendored tree (`vendor/`, `third_party/`, `node_modules/`) holds another project's
 * source: a vendored Engine SDK's default version or its API spec's prose is that SDK's,
 * not a setting of the code being scanned (as gitleaks and Semgrep skip vendor/ by default).
 */
const VENDORED = /(?:^|[/\\])(?:vendor|third_party|node_modules)[/\\]/;

export function isVendoredPath(path: string): boolean {
  return VENDORED.test(path);
}

/**
 * An assertion opener: `assertEqual(`, `assertEquals(`, `assert_eq!(`, `Assert.Equal(`,
 * `expect(`, `assertThat(`, `require.Equal(`, `self.assertIn(`, a matcher (`expect(x).toBe(`). The value inside it is what
 * the test expects to have been sent, not what configures the client (the client's own
 * version literal is reported where it is set).
 */
const ASSERT_OPEN = /(?:\b(?:assert\w*|Assert\.\w+|require\.\w+|expect\w*)|\bassert(?:_eq|_ne)?!|\.to[A-Z]\w*)\s*\(/g;
/** `want := "…"`, `expected = "…"`, `const expectedUrl = "…"`: the expected value of a check. */
const EXPECTED_VALUE = /\b(?:want|expect(?:ed)?)\w*\s*:?=\s*[\w.]*(?:\(\s*[frb]?)?["'`][^"'`\n]*$/i;

/** The text from the start of the line `lines` lines above the offset's, up to the offset. */
function before(text: string, offset: number, lines: number): string {
  let from = text.lastIndexOf('\n', offset - 1);
  for (let i = 0; i < lines && from > 0; i++) from = text.lastIndexOf('\n', from - 1);
  return text.slice(from + 1, offset);
}

/** Whether `window` ends inside the parentheses of its last assertion opener. */
function insideAssertion(window: string): boolean {
  let last = -1;
  ASSERT_OPEN.lastIndex = 0;
  for (let m = ASSERT_OPEN.exec(window); m !== null; m = ASSERT_OPEN.exec(window)) last = m.index + m[0].length;
  if (last === -1) return false;
  let depth = 1;
  for (let i = last; i < window.length; i++) {
    const c = window[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return false;
  }
  return true;
}

export function inAssertion(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  if (EXPECTED_VALUE.test(text.slice(lineStart, offset))) return true;
  return insideAssertion(before(text, offset, 4));
}

/**
 * A data row of a parameterised test (`[InlineData(...)]`, `[TestCase(...)]`,
 * `[DataRow(...)]`, `@CsvSource`, `@ValueSource`, `@pytest.mark.parametrize`): inputs for the
 * code under test (a settings parser), not a client's setting.
 */
const TEST_DATA = /^\s*(?:\[\s*(?:InlineData|TestCase|DataRow)\b|@(?:CsvSource|ValueSource|MethodSource|pytest\.mark\.parametrize|parameterized\.expand)\b)/;

export function inTestData(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return TEST_DATA.test(text.slice(lineStart, offset));
}
