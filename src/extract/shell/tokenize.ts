import type { TextCut } from '../lower/text-cut.js';
/**
 * A POSIX shell tokenizer that keeps offsets: quotes, escapes, line continuations, comments,
 * `$VAR`/`${VAR}` references, command substitution, redirections and heredocs. It returns
 * commands in the order a shell would run them (a `$(...)` before the command holding it);
 * variable values are filled in later, when the commands are walked in order.
 */
/** Adds literal text to a word, merging it into the previous exact literal it touches. */
export function appendLiteral(parts: Part[], text: string, a: number, z: number, exact: boolean): void {
  const last = parts[parts.length - 1];
  if (exact && last?.k === 'lit' && last.exact && last.end === a) {
    last.text += text;
    last.end = z;
  } else {
    parts.push({ k: 'lit', text, at: a, end: z, exact });
  }
}

export type Part =
  | { k: 'lit'; text: string; at: number; end: number; exact: boolean }
  /** `cut`: `${BASE%/}`, `${P#/}`, `${U%/*}` (text-cut.ts). */
  | { k: 'var'; name: string; at: number; end: number; alt?: Part[]; cut?: TextCut }
  | { k: 'hole'; name: string; at: number; end: number };

export interface RawWord {
  parts: Part[];
  at: number;
  end: number;
}

export interface RawCommand {
  words: RawWord[];
  /** Heredoc bodies (offsets in the tokenized text). */
  heredocs: Array<{ from: number; to: number }>;
  /** `<<< word` data. */
  hereStrings: RawWord[];
  /** Its output is read: inside `$(...)`, backticks or `<(...)`, or piped on (`echo "$u" | xargs curl`). */
  consumed?: boolean;
}

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const SPECIAL = /[0-9@*#?$!-]/y;
const REDIRECT = /(?:[0-9]+|&)?(?:<<<|<<-|<<|>>|>&|<&|<>|>\||>|<)/y;
// Deeper `$(...)` nesting than this is treated as text: real scripts never come close.
const MAX_DEPTH = 64;
// Runs of characters with no meaning to the tokenizer, taken in one step.
const PLAIN_RUN = /[^\s;&|()<>\\'"$`]*/y;
const ANY_RUN = /[^\\'"$`]*/y;
const QUOTED_RUN = /[^"\\$`]*/y;

function emptyCommand(): RawCommand {
  return { words: [], heredocs: [], hereStrings: [] };
}

class Tokenizer {
  private cur = emptyCommand();
  private heredocs: Array<{ delim: string; strip: boolean; cmd: RawCommand }> = [];

  constructor(
    private readonly t: string,
    private p: number,
    private readonly e: number,
    private readonly out: RawCommand[],
    private readonly depth: number,
  ) {}

  run(): void {
    this.list(false);
    this.endCommand();
  }

  private endCommand(): void {
    const c = this.cur;
    if (this.depth > 0) c.consumed = true;
    if (c.words.length || c.heredocs.length || c.hereStrings.length || this.heredocs.some((h) => h.cmd === c)) {
      this.out.push(c);
    }
    this.cur = emptyCommand();
  }

  /** Commands up to the end, or up to the `)` that closes a `$(`. */
  private list(inParen: boolean): void {
    const t = this.t;
    while (this.p < this.e) {
      const c = t[this.p];
      if (c === ' ' || c === '\t' || c === '\r') {
        this.p++;
      } else if (c === '\\' && t[this.p + 1] === '\n') {
        this.p += 2;
      } else if (c === '\n') {
        this.p++;
        this.endCommand();
        this.readHeredocs();
      } else if (c === '#') {
        const nl = t.indexOf('\n', this.p);
        this.p = nl === -1 || nl > this.e ? this.e : nl;
      } else if (c === ')' && inParen) {
        this.p++;
        return;
      } else if (this.redirect()) {
        continue;
      } else if (c === ';' || c === '&' || c === '|' || c === '(' || c === ')') {
        if (c === '|' && t[this.p + 1] !== '|' && t[this.p - 1] !== '|') this.cur.consumed = true;
        this.endCommand();
        this.p++;
      } else {
        const w = this.word(true);
        if (w.parts.length) this.cur.words.push(w);
        else this.p++;
      }
    }
  }

  private redirect(): boolean {
    REDIRECT.lastIndex = this.p;
    const m = REDIRECT.exec(this.t);
    if (!m || m.index !== this.p) return false;
    const op = m[0].replace(/^[0-9&]+(?=[<>])/, '');
    this.p += m[0].length;
    if ((op === '<' || op === '>') && this.t[this.p] === '(') {
      // Process substitution: its commands run like any other.
      this.p++;
      this.nested();
      return true;
    }
    while (this.t[this.p] === ' ' || this.t[this.p] === '\t') this.p++;
    const target = this.word(true);
    if (op === '<<' || op === '<<-') {
      const delim = target.parts.map((x) => (x.k === 'lit' ? x.text : '')).join('');
      if (delim) this.heredocs.push({ delim, strip: op === '<<-', cmd: this.cur });
    } else if (op === '<<<') {
      this.cur.hereStrings.push(target);
    }
    return true;
  }

  private readHeredocs(): void {
    const t = this.t;
    for (const h of this.heredocs) {
      const from = this.p;
      let to = this.e;
      while (this.p < this.e) {
        const nl = t.indexOf('\n', this.p);
        const lineEnd = nl === -1 || nl > this.e ? this.e : nl;
        let line = t.slice(this.p, lineEnd).replace(/\r$/, '');
        if (h.strip) line = line.replace(/^\t+/, '');
        if (line === h.delim) {
          to = this.p;
          this.p = Math.min(lineEnd + 1, this.e);
          break;
        }
        this.p = lineEnd + 1;
      }
      if (this.p > this.e) this.p = this.e;
      h.cmd.heredocs.push({ from, to: Math.min(to, this.e) });
    }
    this.heredocs = [];
  }

  /** Commands inside `$(...)`, `<(...)` or backticks: tokenized in place, a hole in the word. */
  private nested(): void {
    if (this.depth >= MAX_DEPTH) {
      let level = 1;
      while (this.p < this.e && level > 0) {
        if (this.t[this.p] === '(') level++;
        else if (this.t[this.p] === ')') level--;
        this.p++;
      }
      return;
    }
    const saved = this.cur;
    const savedDocs = this.heredocs;
    this.cur = emptyCommand();
    this.heredocs = [];
    const inner = new Tokenizer(this.t, this.p, this.e, this.out, this.depth + 1);
    inner.list(true);
    inner.endCommand();
    this.p = inner.p;
    this.cur = saved;
    this.heredocs = savedDocs;
  }

  private backticks(parts: Part[], at: number): void {
    let q = this.p + 1;
    while (q < this.e && this.t[q] !== '`') q += this.t[q] === '\\' ? 2 : 1;
    if (this.depth < MAX_DEPTH) new Tokenizer(this.t, this.p + 1, Math.min(q, this.e), this.out, this.depth + 1).run();
    this.p = Math.min(q + 1, this.e);
    parts.push({ k: 'hole', name: '`...`', at, end: this.p });
  }

  /**
   * One word. `split` is false inside `${VAR:-...}` defaults, where blanks are text.
   * Returns at the first unquoted blank or operator.
   */
  word(split: boolean, end = this.e): RawWord {
    const t = this.t;
    const parts: Part[] = [];
    const at = this.p;
    const lit = (text: string, a: number, z: number, exact: boolean) => appendLiteral(parts, text, a, z, exact);
    while (this.p < end) {
      const c = t[this.p];
      if (split && (c === ' ' || c === '\t' || c === '\n' || c === '\r' || ';&|()<>'.includes(c))) break;
      if (c === '\\') {
        if (t[this.p + 1] === '\n') this.p += 2;
        else if (this.p + 1 < end) {
          lit(t[this.p + 1], this.p, this.p + 2, false);
          this.p += 2;
        } else {
          lit(c, this.p, this.p + 1, true);
          this.p++;
        }
      } else if (c === "'") {
        const q = t.indexOf("'", this.p + 1);
        const z = q === -1 || q >= end ? end : q;
        lit(t.slice(this.p + 1, z), this.p + 1, z, true);
        this.p = Math.min(z + 1, end);
      } else if (c === '"') {
        this.p++;
        this.doubleQuoted(parts, lit, end);
      } else if (c === '$' && t[this.p + 1] === "'") {
        this.ansiC(lit, end);
      } else if (c === '$' && t[this.p + 1] === '"') {
        this.p += 2;
        this.doubleQuoted(parts, lit, end);
      } else if (c === '$') {
        this.dollar(parts, lit);
      } else if (c === '`') {
        this.backticks(parts, this.p);
      } else {
        const z = this.runEnd(split ? PLAIN_RUN : ANY_RUN, end);
        lit(t.slice(this.p, z), this.p, z, true);
        this.p = z;
      }
    }
    return { parts, at, end: this.p };
  }

  private doubleQuoted(parts: Part[], lit: (text: string, a: number, z: number, exact: boolean) => void, end: number): void {
    const t = this.t;
    while (this.p < end && t[this.p] !== '"') {
      const c = t[this.p];
      if (c === '\\' && '$`"\\\n'.includes(t[this.p + 1] ?? '')) {
        if (t[this.p + 1] !== '\n') lit(t[this.p + 1], this.p, this.p + 2, false);
        this.p += 2;
      } else if (c === '$') {
        this.dollar(parts, lit);
      } else if (c === '`') {
        this.backticks(parts, this.p);
      } else {
        const z = this.runEnd(QUOTED_RUN, end);
        lit(t.slice(this.p, z), this.p, z, true);
        this.p = z;
      }
    }
    if (this.p < end) this.p++;
  }

  /** End of the run of ordinary characters at `p` (at least one character). */
  private runEnd(re: RegExp, end: number): number {
    re.lastIndex = this.p;
    re.exec(this.t);
    return Math.min(Math.max(re.lastIndex, this.p + 1), end);
  }

  private ansiC(lit: (text: string, a: number, z: number, exact: boolean) => void, end: number): void {
    const t = this.t;
    const ESC: Record<string, string> = { n: '\n', t: '\t', r: '\r', e: '\x1b', a: '\x07', b: '\b', f: '\f', v: '\v' };
    this.p += 2;
    while (this.p < end && t[this.p] !== "'") {
      if (t[this.p] === '\\' && this.p + 1 < end) {
        const hex = /^x([0-9a-fA-F]{1,2})/.exec(t.slice(this.p + 1, this.p + 4));
        if (hex) {
          lit(String.fromCharCode(parseInt(hex[1], 16)), this.p, this.p + 1 + hex[0].length, false);
          this.p += 1 + hex[0].length;
        } else {
          const e = t[this.p + 1];
          lit(ESC[e] ?? e, this.p, this.p + 2, false);
          this.p += 2;
        }
      } else {
        lit(t[this.p], this.p, this.p + 1, true);
        this.p++;
      }
    }
    if (this.p < end) this.p++;
  }

  private dollar(parts: Part[], lit: (text: string, a: number, z: number, exact: boolean) => void): void {
    const t = this.t;
    const at = this.p;
    const next = t[this.p + 1];
    if (t.startsWith('${{', this.p)) {
      // A CI template expression (GitHub Actions), filled in before the shell runs.
      const close = t.indexOf('}}', this.p + 3);
      const z = close === -1 ? this.e : close + 2;
      const expr = t.slice(this.p + 3, close === -1 ? this.e : close).trim();
      this.p = z;
      const env = /^env\.([A-Za-z_]\w*)$/.exec(expr);
      parts.push(env ? { k: 'var', name: env[1], at, end: z } : { k: 'hole', name: expr, at, end: z });
    } else if (next === '{') {
      this.braced(parts, at);
    } else if (next === '(' && t[this.p + 2] === '(') {
      let level = 0;
      let q = this.p + 1;
      for (; q < this.e; q++) {
        if (t[q] === '(') level++;
        else if (t[q] === ')' && --level === 0) break;
      }
      this.p = Math.min(q + 1, this.e);
      parts.push({ k: 'hole', name: '$((...))', at, end: this.p });
    } else if (next === '(') {
      this.p += 2;
      this.nested();
      parts.push({ k: 'hole', name: '$(...)', at, end: this.p });
    } else {
      NAME.lastIndex = this.p + 1;
      const m = NAME.exec(t) ?? ((SPECIAL.lastIndex = this.p + 1), SPECIAL.exec(t));
      if (m && m.index === this.p + 1) {
        this.p += 1 + m[0].length;
        parts.push(/^[A-Za-z_]/.test(m[0]) ? { k: 'var', name: m[0], at, end: this.p } : { k: 'hole', name: m[0], at, end: this.p });
      } else {
        lit('$', this.p, this.p + 1, true);
        this.p++;
      }
    }
  }

  /** `${NAME}`, `${NAME:-default}`; any other operator leaves the value unknown. */
  private braced(parts: Part[], at: number): void {
    const t = this.t;
    let level = 0;
    let q = this.p + 1;
    for (; q < this.e; q++) {
      const c = t[q];
      if (c === '\\') q++;
      else if (c === "'" || c === '"') {
        const close = t.indexOf(c, q + 1);
        q = close === -1 ? this.e : close;
      } else if (c === '{') level++;
      else if (c === '}' && --level === 0) break;
    }
    const close = Math.min(q, this.e);
    const inner = t.slice(this.p + 2, close);
    const end = Math.min(close + 1, this.e);
    const m = /^([A-Za-z_]\w*)(:?[-=])?/.exec(inner);
    if (m && (m[0].length === inner.length || m[2])) {
      let alt: Part[] | undefined;
      if (m[2]) {
        const sub = new Tokenizer(t, this.p + 2 + m[0].length, close, this.out, this.depth + 1);
        alt = sub.word(false, close).parts;
      }
      parts.push({ k: 'var', name: m[1], at, end, alt });
    } else if (m && /^(?:%%?|##?)/.test(inner.slice(m[0].length))) {
      // `${BASE%/}`: the value cut at its end (`#`: its start), by the pattern's text when it has no wildcard.
      const op = /^(?:%%?|##?)/.exec(inner.slice(m[0].length))?.[0] ?? '%';
      const quoted = inner.slice(m[0].length + op.length);
      const pattern = /^(["']).*\1$/s.test(quoted) ? quoted.slice(1, -1) : quoted;
      const side = op.startsWith('%') ? 'end' : 'start';
      const cut: TextCut = pattern !== '' && ![...pattern].some((c) => '*?[\\$"\''.includes(c)) ? { side, suffix: pattern } : { side, unknown: true };
      parts.push({ k: 'var', name: m[1], at, end, cut });
    } else {
      parts.push({ k: 'hole', name: /^[#!]?(\w+)/.exec(inner)?.[1] ?? inner, at, end });
    }
    this.p = end;
  }
}

export function tokenize(text: string, from = 0, to = text.length): RawCommand[] {
  const out: RawCommand[] = [];
  new Tokenizer(text, from, to, out, 0).run();
  return out;
}
