import type { Lexed, Lexeme, LiteralPart, SourceLexer } from '../core/lexeme.js';
import type { LanguageSpec } from './langs/spec.js';
import { tokenize } from './langs/tokenize.js';
import { loadParser } from '../runtime/parsers.js';
import { walkTree } from '../runtime/tree-walk.js';

/**
 * The lexical view each language gives the fix step (see core/lexeme.ts), from the same
 * tokenizers extraction uses. Data formats, Markdown, plain text and Perl get none: there a fix
 * is made only to a URL written whole as one token.
 */

/** Lexemes from the shared tokenizer; syntax errors are unclosed strings and unbalanced brackets. */
function fromSpec(spec: LanguageSpec, join: string | undefined): SourceLexer {
  return {
    language: spec.name,
    join,
    lex(text) {
      const { tokens, comments } = tokenize(text, spec);
      const lexemes: Lexeme[] = comments.map((c) => ({ kind: 'comment', start: c.start, end: c.end }));
      let depth = 0;
      let errors = 0;
      for (const t of tokens) {
        if (t.kind === 'open') depth++;
        else if (t.kind === 'close' && --depth < 0) {
          errors++;
          depth = 0;
        }
        if (t.kind !== 'str' || !t.str) continue;
        if (t.str.unterminated) errors++;
        lexemes.push({
          kind: 'str',
          start: t.start,
          end: t.end,
          quote: t.str.quote,
          escape: t.str.escape,
          unterminated: t.str.unterminated || undefined,
          parts: t.str.parts.map((p) => ({ kind: 'text' in p ? 'text' : 'splice', start: p.start, end: p.end })),
        });
      }
      return { lexemes: lexemes.sort((a, b) => a.start - b.start), syntaxErrors: errors + depth };
    },
  };
}

/**
 * Shell words (sh, Dockerfile, Makefile, PowerShell): quoted strings and bare words that hold
 * text, with `$NAME`, `${...}` and `$(...)` splices. `tick` is PowerShell's escape character.
 */
export function shellLexer(language: string, tick: '\\' | '`'): SourceLexer {
  return {
    language,
    lex(text) {
      const lexemes: Lexeme[] = [];
      let errors = 0;
      let i = 0;
      const splice = (at: number): number => {
        // `$(`...`)` and `${`...`}` nest; `$NAME` is one name.
        const open = text[at + 1];
        if (open === '(' || open === '{') {
          const close = open === '(' ? ')' : '}';
          let d = 0;
          for (let j = at + 1; j < text.length; j++) {
            if (text[j] === open) d++;
            else if (text[j] === close && --d === 0) return j + 1;
          }
          errors++;
          return text.length;
        }
        const m = /[A-Za-z_]\w*|[0-9@*#?$!-]/y;
        m.lastIndex = at + 1;
        const hit = m.exec(text);
        return hit ? at + 1 + hit[0].length : at + 1;
      };
      while (i < text.length) {
        const c = text[i];
        if (/\s/.test(c)) {
          i++;
          continue;
        }
        // A line continuation between words is blank: the next word starts on the next line.
        if (c === tick && (text[i + 1] === '\n' || (text[i + 1] === '\r' && text[i + 2] === '\n'))) {
          i += text[i + 1] === '\r' ? 3 : 2;
          continue;
        }
        if (c === '#' && (i === 0 || /\s/.test(text[i - 1]))) {
          const end = text.indexOf('\n', i);
          lexemes.push({ kind: 'comment', start: i, end: end === -1 ? text.length : end });
          i = end === -1 ? text.length : end;
          continue;
        }
        if (/[;|&<>()]/.test(c)) {
          lexemes.push({ kind: 'code', start: i, end: i + 1 });
          i++;
          continue;
        }
        // One word: quoted and bare pieces side by side are one shell word.
        const start = i;
        const parts: LiteralPart[] = [];
        let quote = '';
        let text0 = i;
        const flush = (to: number) => {
          if (to > text0) parts.push({ kind: 'text', start: text0, end: to });
        };
        while (i < text.length && !/[\s;|&<>()]/.test(text[i])) {
          const ch = text[i];
          if (ch === "'") {
            flush(i);
            quote ||= "'";
            const end = text.indexOf("'", i + 1);
            if (end === -1) errors++;
            const stop = end === -1 ? text.length : end;
            parts.push({ kind: 'text', start: i + 1, end: stop });
            i = stop + 1;
            text0 = i;
            continue;
          }
          if (ch === '"') {
            flush(i);
            quote ||= '"';
            let j = i + 1;
            let t0 = j;
            for (; j < text.length && text[j] !== '"'; ) {
              if (text[j] === tick) j += 2;
              else if (text[j] === '$' && /[({A-Za-z_0-9@*#?$!-]/.test(text[j + 1] ?? '')) {
                if (j > t0) parts.push({ kind: 'text', start: t0, end: j });
                const e = splice(j);
                parts.push({ kind: 'splice', start: j, end: e });
                j = t0 = e;
              } else j++;
            }
            if (j > t0) parts.push({ kind: 'text', start: t0, end: Math.min(j, text.length) });
            if (j >= text.length) errors++;
            i = j + 1;
            text0 = i;
            continue;
          }
          if (ch === '$' && /[({A-Za-z_0-9@*#?$!-]/.test(text[i + 1] ?? '')) {
            flush(i);
            const e = splice(i);
            parts.push({ kind: 'splice', start: i, end: e });
            i = text0 = e;
            continue;
          }
          i += ch === tick ? 2 : 1;
        }
        flush(Math.min(i, text.length));
        lexemes.push({ kind: 'str', start, end: Math.min(i, text.length), quote, escape: 'backslash', parts });
      }
      return { lexemes, syntaxErrors: errors };
    },
  };
}

/** A tokenizer-based language's lexer (its entry in extract/registry.ts names the spec and the join operator). */
export async function specLexer(spec: Promise<LanguageSpec>, join?: string): Promise<SourceLexer> {
  return fromSpec(await spec, join);
}

/**
 * Python from its tree-sitter tree (the adapter parses the same way): string nodes with their
 * `{...}` interpolations, comments, and the tree's ERROR and MISSING nodes as syntax errors.
 */
export async function pythonLexer(): Promise<SourceLexer> {
  const parser = await loadParser('python');
  return {
    language: 'python',
    join: '+',
    lex(text) {
      const tree = parser.parse(text);
      const lexemes: Lexeme[] = [];
      let errors = 0;
      try {
        walkTree(tree.rootNode, (n) => {
          if (n.isError || n.isMissing) errors++;
          if (n.type === 'comment') lexemes.push({ kind: 'comment', start: n.startIndex, end: n.endIndex });
          if (n.type !== 'string') return true;
          const open = n.firstChild;
          const close = n.lastChild;
          if (!open || !close || open.type !== 'string_start' || close.type !== 'string_end') return true;
          const parts: LiteralPart[] = [];
          let at = open.endIndex;
          for (const c of n.namedChildren) {
            if (c?.type !== 'interpolation') continue;
            if (c.startIndex > at) parts.push({ kind: 'text', start: at, end: c.startIndex });
            parts.push({ kind: 'splice', start: c.startIndex, end: c.endIndex });
            at = c.endIndex;
          }
          if (close.startIndex > at) parts.push({ kind: 'text', start: at, end: close.startIndex });
          const prefix = withoutTrailingQuotes(open.text).toLowerCase();
          lexemes.push({ kind: 'str', start: n.startIndex, end: n.endIndex, quote: close.text, escape: prefix.includes('r') ? 'none' : 'backslash', parts });
          // Strings inside an f-string's splices are part of that splice's expression.
          return false;
        });
      } finally {
        tree.delete();
      }
      return { lexemes: lexemes.sort((a, b) => a.start - b.start), syntaxErrors: errors };
    },
  };
}

export type { Lexed };

/** `rb'''` to `rb`: a string opener's prefix letters (a loop, not `/["']+$/`, which is quadratic on long quote runs). */
function withoutTrailingQuotes(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === '"' || text[end - 1] === "'")) end--;
  return text.slice(0, end);
}
