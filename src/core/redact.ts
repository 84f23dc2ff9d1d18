/**
 * Masks secrets in any text hublint prints or writes: URL credentials, Authorization and
 * X-Registry-Auth values, bearer tokens, JWTs and Base64 JSON, vendor tokens with a known
 * prefix (Docker Hub, GitHub, GitLab, Slack, AWS, in the shapes gitleaks uses), key=value
 * secrets (config keys, env names, query parameters, netrc) and passwords on command lines
 * (`curl -u`, `docker login -p`, `--password`, `echo … | docker login`).
 *
 * This module imports nothing, so the Engine client (src/engine) and the CLI edge share it.
 *
 * Every pattern runs in time linear in its input, whatever the input (test/reliability/
 * redos.test.ts runs the `recheck` ReDoS checker over each): a pattern's first characters are
 * a literal, its runs exclude the characters that could start another match inside them or
 * its start is pinned by a lookbehind, and no run is followed by a character it also
 * matches and must give back. On top of that, text is cut into pieces of at most
 * MAX_PIECE characters before any pattern runs, so a 4 MB one-line file costs the same per
 * byte as a short one.
 */

export const MASK = '***';

/** The longest piece of text one pattern sees. */
export const MAX_PIECE = 4096;
/** How far back from a piece's end a cut looks for whitespace (secrets hold none). */
const CUT_SLACK = 512;
/** How much of a line a snippet looks at: secrets crossing `max` are still seen whole. */
const SNIPPET_SLACK = 1024;

export interface RedactionPattern {
  /** What the pattern masks (also the test table's key). */
  name: string;
  re: RegExp;
  /** Runs only on text this matches (a cheap literal test). */
  when?: RegExp;
  to: string | ((match: string, ...groups: string[]) => string);
}

// A value after `key=` / `key:`: quoted (to the closing quote, or the end when there is
// none: an open quote must not make the pattern look ahead for one) or a bare word.
const VALUE = String.raw`(?:"[^"]*|'[^']*|\x60[^\x60]*|[^\s"'\x60&;,)}\]<>]+)`;
// Names whose value is a secret, as keys (`"password":`), env names (`HUB_TOKEN=`) and query
// parameters (`?access_token=`). The lookbehind lets `DOCKER_PASSWORD` match at `PASSWORD`.
const SECRET_KEYS = [
  'password', 'passwd', 'pwd', 'pass', 'secret', 'client_secret', 'token', 'access_token', 'refresh_token',
  'auth_token', 'id_token', 'identitytoken', 'registrytoken', 'api_key', 'apikey', 'private_key', 'secret_access_key',
  'secret_key',
].join('|');

// What an OCI runtime says after `exec: "PATH":` or `stat PATH:`: no secret value.
const DAEMON_WORDS = String.raw`(?:executable file not found|no such file or directory|permission denied|is a directory|stat /)`;

/** Keeps the part of a quoted value after its opening quote masked, the quote itself shown. */
function maskValue(prefix: string, value: string): string {
  const quote = /^["'\x60]/.test(value) ? value[0] : '';
  return `${prefix}${quote}${MASK}`;
}

export const REDACTION_PATTERNS: readonly RedactionPattern[] = [
  {
    // scheme://user:pass@host, scheme://:pass@host, JSON's https:\/\/u:p@ (the user is kept).
    // The password runs to the first `@`, `/` or whitespace: quotes and backticks included.
    name: 'url-userinfo',
    re: /(\/\\?\/[^\s/@:\\]*:)[^\s/@]+@/g,
    to: `$1${MASK}@`,
  },
  {
    // scheme://TOKEN@host: a long user name alone is a token (GitHub, GitLab, Bitbucket).
    name: 'url-token-user',
    re: /(\/\\?\/)[A-Za-z0-9_~+-]{20,}@/g,
    to: `$1${MASK}@`,
  },
  { name: 'docker-hub-token', re: /\bdckr_(pat|oat)_[A-Za-z0-9_-]+/g, to: `dckr_$1_${MASK}` },
  { name: 'github-token', re: /\b(gh[pousr])_[A-Za-z0-9]{20,}/g, to: `$1_${MASK}` },
  { name: 'github-fine-grained-token', re: /\bgithub_pat_[A-Za-z0-9_]+/g, to: `github_pat_${MASK}` },
  { name: 'gitlab-token', re: /\b(gl(?:pat|ptt|rt|dt|oas|cbt)-)[A-Za-z0-9_-]{20,}/g, to: `$1${MASK}` },
  { name: 'slack-token', re: /\b(xox[abprs]-)[A-Za-z0-9-]+/g, to: `$1${MASK}` },
  // gitleaks' aws-access-token: a key id is 20 characters, the prefix names its kind.
  { name: 'aws-access-key-id', re: /\b(A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b/g, to: `$1${MASK}` },
  {
    // JWTs and Base64 JSON (`eyJ` is `{"`): X-Registry-Auth values, config `auth` blobs.
    name: 'jwt-or-base64-json',
    re: /(?<![A-Za-z0-9+/=_.-])eyJ[A-Za-z0-9+/=_.-]{12,}/g,
    to: MASK,
  },
  {
    name: 'authorization-header',
    // `Authorization: <scheme> <value>` or `Authorization: <value>` (Proxy-Authorization too).
    // The value stops at a backslash too: in a JSON report the header's closing quote is `\"`.
    re: /(\bauthorization["']?[ \t]*[:=][ \t]*(?:["'\x60][ \t]*)?(?:[a-z]+[ \t]+["'\x60]?)?)[^\s"'\x60,;}\\]+/gi,
    to: `$1${MASK}`,
  },
  { name: 'bearer-token', re: /(\bbearer\s+["'\x60]?)[A-Za-z0-9._~+/=-]{6,}/gi, to: `$1${MASK}` },
  {
    name: 'x-registry-auth',
    re: /(\bx-registry-(?:auth|config)["']?\s*[:=]\s*(?:["'\x60]\s*)?)[^\s"'\x60,;}\\]+/gi,
    to: `$1${MASK}`,
  },
  { name: 'docker-config-auth', re: /(["']auth["']\s*:\s*["'])[^"']+/gi, to: `$1${MASK}` },
  {
    // `echo PASS | docker login --password-stdin`: the password goes over a pipe.
    name: 'echo-into-docker-login',
    re: /(\b(?:echo|printf)\s+)(?!["']?\$[{(A-Za-z_])("[^"]*"|'[^']*'|[^\s|]+)(?=\s*\|\s*docker\s+login\b)/g,
    to: `$1${MASK}`,
  },
  {
    // --password X, --password=X (`--password-stdin` takes no value and stays).
    name: 'password-option',
    re: new RegExp(String.raw`(?<![^\s'"=])(--password|--passwd|--pass)(=|\s+)(?![-\s])(${VALUE})`, 'g'),
    to: (_m, flag: string, sep: string, value: string) => maskValue(`${flag}${sep}`, value),
  },
  {
    // docker login -p X / -pX, mysql -pX. Only on a login line: elsewhere `-p` is a port
    // (docker run -p 8080:80, ssh -p 22) or takes no value (mkdir -p DIR).
    name: 'login-password-flag',
    when: /login|mysql/i,
    re: new RegExp(String.raw`(?<![^\s'"=])(-p)(=|\s*)(?![-\s])(${VALUE})`, 'g'),
    to: (_m, flag: string, sep: string, value: string) => maskValue(`${flag}${sep}`, value),
  },
  {
    // -u user:pass, -uuser:pass, --user=user:pass, -u 'u:p w' (curl, wget, httpie).
    name: 'user-flag',
    re: /(?<![^\s'"])(-u\s*|(?:--user|--proxy-user|--http-user)(?:=|\s+))('[^':]*:|"[^":]*:|[^\s:'"]*:)(?:'[^']*|"[^"]*|[^\s'"]+)?/g,
    to: (_m, flag: string, user: string) => `${flag}${user}${MASK}`,
  },
  {
    name: 'secret-key-value',
    // A value that is a variable or a command's output (`TOKEN=$(curl …)`, `$HUB_TOKEN`, and in
    // double quotes, where a shell expands them, `"$(curl …)"`, `"${HUB_TOKEN}"`) names no secret:
    // kept, so the snippet still shows the call. A quoted `$name` may be a literal: masked.
    // Nor is the daemon's own wording after a path that ends in such a name (`exec: "pwd":
    // executable file not found`, `stat /bin/token: no such file or directory`).
    re: new RegExp(String.raw`(?<![A-Za-z0-9])((?:${SECRET_KEYS})["']?\s*[:=]\s*)(?!\$[{(A-Z_]|["\x60]\$[{(]|${DAEMON_WORDS})(${VALUE})`, 'gi'),
    to: (_m, prefix: string, value: string) => maskValue(prefix, value),
  },
  {
    // netrc: `machine h login u password p`, or `password p` on a line of its own.
    name: 'netrc-password',
    re: /((?:\blogin[ \t]+[^\s]+[ \t]+|^[ \t]*)(?:password|passwd)[ \t]+)[^\s]+/gim,
    to: `$1${MASK}`,
  },
];

/**
 * A character or word every pattern above needs (`@` of a URL's user part, `_`/`-` of token
 * prefixes and flags, `:`/`=` of key-value pairs, `|` of a pipe into docker login, `eyJ`,
 * `bearer`, `pass`, an AWS key's prefix): a piece without any holds no secret, and most
 * lines a clean run prints ("no problems (10 files scanned)") skip the patterns' first
 * compilation and run.
 */
const MAY_HOLD_SECRET = /[@:=|_-]|eyJ|bearer|pass|A3T|AKIA|ASIA|ABIA|ACCA/i;

/** Runs every pattern over one piece (at most MAX_PIECE characters). */
function redactPiece(piece: string): string {
  if (!MAY_HOLD_SECRET.test(piece)) return piece;
  let out = piece;
  for (const p of REDACTION_PATTERNS) {
    if (p.when && !p.when.test(out)) continue;
    p.re.lastIndex = 0;
    out = out.replace(p.re, p.to as (m: string, ...g: string[]) => string);
  }
  return out;
}

/** Cuts a line into pieces of at most MAX_PIECE characters, at whitespace where there is some. */
function redactLine(line: string): string {
  if (line.length <= MAX_PIECE) return redactPiece(line);
  let out = '';
  let start = 0;
  while (start < line.length) {
    let end = Math.min(start + MAX_PIECE, line.length);
    if (end < line.length) {
      const floor = end - CUT_SLACK;
      let cut = end;
      while (cut > floor && !isSpace(line.charCodeAt(cut - 1))) cut--;
      if (cut > floor) end = cut;
    }
    out += redactPiece(line.slice(start, end));
    start = end;
  }
  return out;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 13 || code === 11 || code === 12;
}

/** Masks every secret in `text` (any length, any number of lines). */
export function redact(text: string): string {
  if (text.length <= MAX_PIECE && !text.includes('\n')) return redactPiece(text);
  const out: string[] = [];
  let block: string[] = [];
  let size = 0;
  const flush = () => {
    if (block.length > 0) out.push(redactBlock(block));
    block = [];
    size = 0;
  };
  for (const line of text.split('\n')) {
    if (line.length > MAX_PIECE) {
      flush();
      out.push(redactLine(line));
      continue;
    }
    if (size + line.length + 1 > MAX_PIECE) flush();
    block.push(line);
    size += line.length + 1;
  }
  flush();
  return out.join('\n');
}

/**
 * Short lines, each redacted as by redactPiece, with each pattern first tested on the lines
 * joined (at most MAX_PIECE characters): a report of many short lines (a JSON document) then
 * runs most patterns once per block instead of once per line. Exact: a line's match is also
 * one in the block (its neighbours are separated by a newline, which every pattern treats as
 * the start or end of input would be), and the patterns run in the same order on each line.
 */
function redactBlock(lines: string[]): string {
  let joined = lines.join('\n');
  if (!MAY_HOLD_SECRET.test(joined)) return joined;
  const may = lines.map((line) => MAY_HOLD_SECRET.test(line));
  for (const p of REDACTION_PATTERNS) {
    p.re.lastIndex = 0;
    const found = p.re.test(joined);
    p.re.lastIndex = 0;
    if (!found) continue;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (!may[i] || (p.when && !p.when.test(line))) continue;
      p.re.lastIndex = 0;
      lines[i] = line.replace(p.re, p.to as (m: string, ...g: string[]) => string);
    }
    joined = lines.join('\n');
  }
  return joined;
}

/**
 * A finding's snippet: the first `max` characters of its (trimmed) line, redacted. Only the
 * line's head is looked at, so a multi-megabyte line costs no more than a short one.
 */
export function redactSnippet(line: string, max = 300): string {
  const head = line.trimStart().slice(0, max + SNIPPET_SLACK);
  return redactPiece(head).trim().slice(0, max);
}

/** A stand-in value for asking whether a key makes its value a secret. */
const PROBE = 'q1w2e3r4t5';

/**
 * redact() for a JSON text, which stays valid JSON. Masking the text as a whole can take the
 * backslash of an escaped quote for a secret's first character (`"TOKEN=\"$(curl …"` became
 * `"TOKEN=***"…`, no longer JSON). When it would, each string literal is masked as the text it
 * holds and written back as a literal, and a value whose key makes it a secret
 * (`"password": …`, as redact() reads it) is masked whole. A JSON text: one document, or one
 * per line. One pass over the text, without a regular expression (a string literal never
 * closed would make one scan to the end from every quote).
 */
export function redactJson(text: string): string {
  const masked = redact(text);
  if (masked === text || !isJsonText(text) || isJsonText(masked)) return masked;
  let out = '';
  let done = 0;
  let key: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 34) {
      // Between a key and its value only `:` and white space.
      if (c !== 58 && !isSpace(c) && c !== 10) key = undefined;
      continue;
    }
    let j = i + 1;
    while (j < text.length && text.charCodeAt(j) !== 34) j += text.charCodeAt(j) === 92 ? 2 : 1;
    const lit = text.slice(i, j + 1);
    let k = j + 1;
    while (k < text.length && (isSpace(text.charCodeAt(k)) || text.charCodeAt(k) === 10)) k++;
    if (text.charCodeAt(k) === 58) {
      key = lit;
    } else {
      const value = JSON.parse(lit) as string;
      const hidden = key !== undefined && redact(`${key}: "${PROBE}"`).indexOf(PROBE) < 0 ? MASK : redact(value);
      if (hidden !== value) {
        out += text.slice(done, i) + literal(hidden);
        done = j + 1;
      }
      key = undefined;
    }
    i = j;
  }
  return out + text.slice(done);
}

function literal(value: string): string {
  return JSON.stringify(value);
}

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    if (lines.length < 2) return false;
    try {
      for (const l of lines) JSON.parse(l);
      return true;
    } catch {
      return false;
    }
  }
}
