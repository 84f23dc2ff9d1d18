import { appendLiteral, type Part, type RawCommand, type RawWord } from '../../shell/tokenize.js';

/**
 * PowerShell's quoting on the same word shape as the POSIX tokenizer: `'...'` literal (`''`
 * is a quote), `"..."` expanding `$var`, `${var}`, `$env:NAME` and `$(...)`, the backtick as
 * escape and line continuation, `#` and `<# #>` comments, here-strings. Variable names are
 * lower-cased: PowerShell ignores their case.
 */
const BACKTICK: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', a: '\x07', b: '\b', f: '\f', v: '\v', e: '\x1b' };
const VAR = /(?:(global|script|local|private|using):)?([A-Za-z_][\w]*(?::[A-Za-z_][\w]*)?)/y;

class PsTokenizer {
  private cur: RawWord[] = [];

  constructor(
    private readonly t: string,
    private p: number,
    private readonly e: number,
    readonly out: RawCommand[],
  ) {}

  run(): RawCommand[] {
    const t = this.t;
    while (this.p < this.e) {
      const c = t[this.p];
      if (this.cur.length && (c === '(' || (c === '@' && (t[this.p + 1] === '{' || t[this.p + 1] === '(')))) this.group();
      else if (c === ' ' || c === '\t' || c === '\r' || c === ',') this.p++;
      else if (c === '`' && /^`\r?\n/.test(t.slice(this.p, this.p + 3))) this.p += t[this.p + 1] === '\r' ? 3 : 2;
      else if (c === '#') this.skipTo('\n');
      else if (c === '<' && t[this.p + 1] === '#') this.skipTo('#>', 2);
      else if ('\n;|(){}&'.includes(c)) {
        this.end();
        this.p++;
      } else if (c === '=' && t[this.p + 1] !== '=') {
        this.cur.push({ parts: [{ k: 'lit', text: '=', at: this.p, end: this.p + 1, exact: true }], at: this.p, end: this.p + 1 });
        this.p++;
      } else {
        const w = this.word();
        if (w.parts.length) this.cur.push(w);
        else this.p++;
      }
    }
    this.end();
    return this.out;
  }

  /**
   * `(...)`, `@{...}`, `@(...)` inside a command: one argument whose value we do not know;
   * the commands inside still run.
   */
  private group(): void {
    const t = this.t;
    const at = this.p;
    const open = t[this.p] === '@' ? t[++this.p] : '(';
    const close = open === '{' ? '}' : ')';
    let level = 0;
    let q = this.p;
    for (; q < this.e; q++) {
      const c = t[q];
      if (c === '"' || c === "'") {
        const z = t.indexOf(c, q + 1);
        q = z === -1 ? this.e : z;
      } else if (c === open) level++;
      else if (c === close && --level === 0) break;
    }
    new PsTokenizer(t, this.p + 1, Math.min(q, this.e), this.out).run();
    this.p = Math.min(q + 1, this.e);
    this.cur.push({ parts: [{ k: 'hole', name: t.slice(at, at + 2), at, end: this.p }], at, end: this.p });
  }

  private skipTo(close: string, extra = 0): void {
    const i = this.t.indexOf(close, this.p + extra);
    this.p = i === -1 || i > this.e ? this.e : i + (close === '\n' ? 0 : close.length);
  }

  private end(): void {
    if (this.cur.length) this.out.push({ words: this.cur, heredocs: [], hereStrings: [] });
    this.cur = [];
  }

  private word(): RawWord {
    const t = this.t;
    const parts: Part[] = [];
    const at = this.p;
    const lit = (text: string, a: number, z: number, exact: boolean) => appendLiteral(parts, text, a, z, exact);
    while (this.p < this.e) {
      const c = t[this.p];
      if (' \t\r\n;|(){},'.includes(c)) break;
      // `$x=...` without blanks: the variable ends at `=`.
      if (c === '=' && parts.length === 1 && parts[0].k === 'var') break;
      if (c === '`' && this.p + 1 < this.e) {
        lit(BACKTICK[t[this.p + 1]] ?? t[this.p + 1], this.p, this.p + 2, false);
        this.p += 2;
      } else if (c === '@' && (t[this.p + 1] === '"' || t[this.p + 1] === "'") && /^\r?\n/.test(t.slice(this.p + 2, this.p + 4))) {
        this.hereString(parts, lit);
      } else if (c === "'") {
        this.p++;
        while (this.p < this.e) {
          if (t[this.p] === "'" && t[this.p + 1] === "'") {
            lit("'", this.p, this.p + 2, false);
            this.p += 2;
          } else if (t[this.p] === "'") break;
          else {
            lit(t[this.p], this.p, this.p + 1, true);
            this.p++;
          }
        }
        this.p++;
      } else if (c === '"') {
        this.p++;
        this.expanding(parts, lit, (q) => t[q] === '"' && t[q + 1] !== '"');
        this.p++;
      } else if (c === '$') {
        this.dollar(parts, lit);
      } else {
        lit(c, this.p, this.p + 1, true);
        this.p++;
      }
    }
    return { parts, at, end: this.p };
  }

  private hereString(parts: Part[], lit: (text: string, a: number, z: number, exact: boolean) => void): void {
    const t = this.t;
    const quote = t[this.p + 1];
    const bodyStart = t.indexOf('\n', this.p) + 1;
    const close = t.indexOf(`\n${quote}@`, bodyStart - 1);
    const bodyEnd = close === -1 ? this.e : close;
    if (quote === "'") lit(t.slice(bodyStart, bodyEnd), bodyStart, bodyEnd, true);
    else {
      this.p = bodyStart;
      this.expanding(parts, lit, (q) => q >= bodyEnd);
    }
    this.p = close === -1 ? this.e : close + 3;
  }

  /** Double-quoted text up to `stop`. */
  private expanding(parts: Part[], lit: (text: string, a: number, z: number, exact: boolean) => void, stop: (q: number) => boolean): void {
    const t = this.t;
    while (this.p < this.e && !stop(this.p)) {
      const c = t[this.p];
      if (c === '`' && this.p + 1 < this.e) {
        lit(BACKTICK[t[this.p + 1]] ?? t[this.p + 1], this.p, this.p + 2, false);
        this.p += 2;
      } else if (c === '"' && t[this.p + 1] === '"') {
        lit('"', this.p, this.p + 2, false);
        this.p += 2;
      } else if (c === '$') {
        this.dollar(parts, lit);
      } else {
        lit(c, this.p, this.p + 1, true);
        this.p++;
      }
    }
  }

  private dollar(parts: Part[], lit: (text: string, a: number, z: number, exact: boolean) => void): void {
    const t = this.t;
    const at = this.p;
    if (t[at + 1] === '(') {
      let level = 0;
      let q = at + 1;
      for (; q < this.e; q++) {
        if (t[q] === '(') level++;
        else if (t[q] === ')' && --level === 0) break;
      }
      this.p = Math.min(q + 1, this.e);
      parts.push({ k: 'hole', name: '$(...)', at, end: this.p });
    } else if (t[at + 1] === '{') {
      const close = t.indexOf('}', at);
      this.p = close === -1 ? this.e : close + 1;
      parts.push({ k: 'var', name: t.slice(at + 2, close === -1 ? this.e : close).toLowerCase(), at, end: this.p });
    } else {
      VAR.lastIndex = at + 1;
      const m = VAR.exec(t);
      if (m && m.index === at + 1) {
        this.p = at + 1 + m[0].length;
        // `$env:NAME` is the process environment, shared with the shell and CI variables.
        const name = /^env:/i.test(m[2]) ? m[2].slice(4) : m[2].toLowerCase();
        parts.push({ k: 'var', name, at, end: this.p });
      } else {
        lit('$', at, at + 1, true);
        this.p++;
      }
    }
  }
}

export function tokenizePowerShell(text: string): RawCommand[] {
  return new PsTokenizer(text, 0, text.length, []).run();
}
