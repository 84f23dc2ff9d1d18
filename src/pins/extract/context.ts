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

/** The closing bracket of each opening one. */
const CLOSER: Readonly<Record<string, string>> = { '{': '}', '[': ']', '(': ')' };

/**
 * A row of a table-driven test (Go's `{"oldest", "1.24"},` or `{label: "pinned", level: "1.41"},`
 * under `tests := []struct{…}{`, a JS `['old', '1.24'],` under `it.each([`): one line that is a
 * bracketed row, in a test file, after the table's opening or another row. Like a parameterised
 * test's data rows, inputs for the code under test, not a client the project pins (issue 30).
 */
export function inTestTable(path: string, text: string, offset: number): boolean {
  if (!isTestPath(path)) return false;
  const row = lineOf(text, offset).trim();
  const close = CLOSER[row[0]];
  const body = row.endsWith(',') ? row.slice(0, -1).trimEnd() : row;
  if (close === undefined || !body.endsWith(close) || !balancedRow(body)) return false;
  const lineStart = text.lastIndexOf('\n', offset - 1);
  const above = lineStart > 0 ? text.slice(0, lineStart).trimEnd() : '';
  return /[{[,]$/.test(above);
}

/** Whether the row's first bracket closes at its end (`{a, b}`, not `{a} + {b}`); quotes are skipped. */
function balancedRow(row: string): boolean {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < row.length; i++) {
    const c = row[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '{' || c === '[' || c === '(') depth++;
    else if ((c === '}' || c === ']' || c === ')') && --depth === 0) return i === row.length - 1;
  }
  return false;
}

/**
 * A test's own files (`test/`, `tests/`, `spec/`, `__tests__/`, `src/test/`, `*_test.go`,
 * `test_*.py`, `*.test.ts`, `*Test.java`, `*IT.java`, `*Spec.scala`): where a fake daemon is set up.
 */
const TEST_DIR = /(?:^|[/\\])(?:tests?|spec|__tests__|testdata|it)[/\\]/;
const TEST_NAME = /^test_|[._-](?:test|spec)\./;
const TEST_STEM = /(?:Tests?|IT|Spec|Suite)$/;

export function isTestPath(path: string): boolean {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  return TEST_DIR.test(path) || TEST_NAME.test(name) || (dot > 0 && TEST_STEM.test(name.slice(0, dot)));
}

/**
 * What a fake daemon in a test is set up with: a stub of an HTTP mocking library (WireMock's
 * `stubFor(get(urlPathEqualTo(…)))` and `verify(…RequestedFor(…))`, MockServer's `withPath`,
 * nock, httpretty, responses, respx, httpmock, gock, axios-mock-adapter), or a handler of an
 * in-test server (`mux.HandleFunc("/v1.41/…")`, a `case "/v1.41/…":` of its router). The paths
 * repeat the version the client under test sends; the pin is the client's.
 */
const STUB_MARKER =
  /\b(?:stubFor|givenThat|urlPathEqualTo|urlEqualTo|urlPathMatching|urlMatching|\w+RequestedFor|withPath|nock|httpretty|responses\.add|respx|httpmock|gock|MockWebServer|mockServer|onGet|onPost|onPut|onDelete|onHead|onAny|register_uri|RegisterResponder|HandleFunc|Handle|createServer|intercept)\b|^[ \t]*case[ \t]/m;

/** A URL of a test file that stubs a fake daemon: the marker on its line or on the three before (a chained stub). */
export function inStub(path: string, text: string, offset: number): boolean {
  return isTestPath(path) && STUB_MARKER.test(before(text, offset, 3));
}

/**
 * A list of payloads to send at a target (an SSRF or fuzzing word list): its Engine URLs are
 * attacks on somebody's daemon, not a client of the project. Known by its path (`payloads/`,
 * `wordlists/`, `fuzz…`, `ssrf…`, `intruder…`) or by two markers of such lists in its text (the
 * cloud metadata address, `gopher://`, `dict://`, `file:///etc/passwd`).
 */
const PAYLOAD_PATH = /(?:^|[/\\_-])(?:payloads?|wordlists?|fuzz\w*|ssrf\w*|intruder\w*|seclists)(?:[/\\._-]|$)/i;
const PAYLOAD_MARKERS = [/169\.254\.169\.254/, /\bgopher:\/\//, /\bdict:\/\//, /file:\/\/\/etc\/passwd/, /metadata\.google\.internal/, /\b0x7f000001\b/i];

export function isPayloadList(path: string, text: string): boolean {
  if (PAYLOAD_PATH.test(path)) return true;
  let markers = 0;
  for (const m of PAYLOAD_MARKERS) if (m.test(text) && ++markers === 2) return true;
  return false;
}

/**
 * An OpenAPI or Swagger document (a `swagger:` / `openapi:` key at the top, or its JSON form
 * near the start): the Engine API's own spec, vendored by clients generated from it. Its paths
 * and prose (`/v1.29/version`, "behaves like `/v1.47/images/json`") describe the API; they
 * configure no client.
 */
const SPEC_HEAD = /^(?:swagger|openapi)[ \t]*:[ \t]*["']?\d|^[ \t]*(?:\{[ \t]*)?"(?:swagger|openapi)"[ \t]*:[ \t]*"\d/m;

export function isApiSpec(text: string): boolean {
  return SPEC_HEAD.test(text.slice(0, 4000));
}

/**
 * The Engine API's own description (the "Versioning" section of its OpenAPI document, which
 * generators copy into the header comment of every file and the README of a generated client):
 * "prefix the URL with its version, for example, call `/v1.30/info`", "calling `/info` is the same
 * as calling `/v1.41/info`". Its example paths explain the API; they configure no client.
 */
const API_PROSE = /prefix the URL with its version|\bversion-prefix\b|is the same as calling|API calls are versioned|to use the v\d+\.\d+ version of|the current version of the API \(v\d/i;

/** A version in a sentence of the Engine API's versioning prose: on its line or the two before (a wrapped paragraph). */
export function inApiProse(text: string, offset: number): boolean {
  const lineEnd = text.indexOf('\n', offset);
  return API_PROSE.test(before(text, offset, 2) + text.slice(offset, lineEnd === -1 ? undefined : lineEnd));
}

/** Languages whose `/** … *\/` comment is documentation (Javadoc, KDoc, Scaladoc, JSDoc/TSDoc, PHPDoc, Dart, Swift). */
const DOC_COMMENT_LANGUAGE = /\.(?:java|kt|kts|scala|groovy|gradle|[cm]?[jt]sx?|php|dart|swift|cs|go|c|cc|cpp|h|hpp)$/i;

/**
 * Inside a documentation comment (`/** … *\/`): an example in the docs of a method (`@param
 * daemon for example http://localhost:2375/v1.40/…`) shows how to call it; it is no request of
 * the project. A commented-out line (`// .withApiVersion("1.24")`, `/* … *\/`) is code put aside
 * and stays a pin, reported like any pin in a comment.
 */
export function inDocComment(path: string, text: string, offset: number): boolean {
  if (!DOC_COMMENT_LANGUAGE.test(path)) return false;
  const open = text.lastIndexOf('/**', offset);
  if (open === -1 || text[open + 3] === '/') return false;
  const close = text.indexOf('*/', open + 3);
  return close === -1 || close > offset;
}

/**
 * A captured HTTP exchange (a raw dump of a request and its answer, as a test replays it): a
 * request line `GET /v1.41/… HTTP/1.1` and a status line `HTTP/1.1 200 OK`. The version is the
 * one some client sent when the dump was taken.
 */
const REQUEST_LINE = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD) \/\S* HTTP\/[12](?:\.\d)?\r?$/m;
const STATUS_LINE = /^HTTP\/[12](?:\.\d)? \d{3}\b/m;

/**
 * Data a test reads (`test/data/version.json`, `testdata/containers.http`, a `.log`): payloads a
 * fake daemon answers with or requests recorded from a real one, not settings of a client.
 */
const DATA_FILE = /\.(?:json|txt|http|log|har|dump|raw|out|golden|bin|ndjson|jsonl)$/i;

export function isRecordedData(path: string, text: string): boolean {
  if (DATA_FILE.test(path) && isTestPath(path)) return true;
  return REQUEST_LINE.test(text) && STATUS_LINE.test(text);
}

/**
 * A daemon's log record quoted in code, a test or a comment (`time="…" level=debug msg="Calling
 * POST /v1.22/containers/…"`, a JSON log line's `"level":"info"`): the version some client sent
 * when the log was taken, not a setting of the project.
 */
const LOG_LEVEL = /\blevel=(?:trace|debug|info|warn(?:ing)?|error|fatal|panic)\b/;
const LOG_MESSAGE = /\bmsg=/;
const JSON_LOG_LEVEL = /"level"\s*:\s*"(?:trace|debug|info|warn(?:ing)?|error)"/;

function lineOf(text: string, offset: number): string {
  const from = text.lastIndexOf('\n', offset - 1) + 1;
  const to = text.indexOf('\n', offset);
  return text.slice(from, to === -1 ? undefined : to);
}

export function inLogRecord(text: string, offset: number): boolean {
  // Two tests on the line, not `level=….*msg=`, which backtracks polynomially on a long line.
  const line = lineOf(text, offset);
  return (LOG_LEVEL.test(line) && LOG_MESSAGE.test(line)) || JSON_LOG_LEVEL.test(line);
}

/** A comment line of code or config (Markdown is documentation throughout: its code blocks go their own way). */
const COMMENT_LINE = /^[ \t]*(?:#|\/\/|\/\*|\*|--|;|<!--)[ \t]?(.*)$/;
/** What a commented-out request or command has and a sentence has not. */
const COMMAND = /:\/\/|\bcurl\b|\bwget\b|--unix-socket|\bhttp:/;
const WORD = /(?:^|\s)[A-Za-z][a-z]+(?=[\s,.;:!?)]|$)/g;

/**
 * A bare Engine path in a sentence of a comment (`# Diagnosed by probing: /info and /v1.44/info
 * answer 200`): the comment explains what the daemon does, it requests nothing. A commented-out
 * URL or command (`# curl --unix-socket … http://localhost/v1.41/…`) stays a pin put aside.
 */
export function inCommentProse(path: string, text: string, offset: number): boolean {
  if (/\.(?:md|markdown|mdx|rst|txt)$/i.test(path)) return false;
  // `offset` is the version's `v`: the path starts at the slash before it, after a space or a bracket.
  if (text[offset - 1] !== '/' || !/[\s(`'"]/.test(text[offset - 2] ?? ' ')) return false;
  const comment = COMMENT_LINE.exec(lineOf(text, offset))?.[1];
  if (comment === undefined || COMMAND.test(comment)) return false;
  return (comment.match(WORD)?.length ?? 0) >= 5;
}
