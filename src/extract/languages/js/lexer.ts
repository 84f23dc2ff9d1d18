import type { Lexeme, SourceLexer, StringLexeme } from '../../../core/lexeme.js';

/** JS/TS through the TypeScript scanner: strings, templates with their `${...}` splices, comments. */
export async function jsLexer(): Promise<SourceLexer> {
  const { ts } = await import('./parse.js');
  const K = ts.SyntaxKind;
  // After these a `/` divides; elsewhere it opens a regular expression.
  const VALUE_END = new Set<number>([K.Identifier, K.NumericLiteral, K.StringLiteral, K.CloseParenToken, K.CloseBracketToken, K.CloseBraceToken, K.ThisKeyword, K.TemplateTail, K.NoSubstitutionTemplateLiteral, K.PlusPlusToken, K.MinusMinusToken]);
  return {
    language: 'js',
    join: '+',
    lex(text) {
      const sc = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
      const lexemes: Lexeme[] = [];
      const templates: Array<{ lexeme: StringLexeme; depth: number }> = [];
      let depth = 0;
      let prev: number = K.Unknown;
      for (let kind = sc.scan(); kind !== K.EndOfFileToken; kind = sc.scan()) {
        const start = sc.getTokenStart();
        if (kind === K.SingleLineCommentTrivia || kind === K.MultiLineCommentTrivia) {
          lexemes.push({ kind: 'comment', start, end: sc.getTokenEnd() });
          continue;
        }
        if (kind === K.WhitespaceTrivia || kind === K.NewLineTrivia) continue;
        if ((kind === K.SlashToken || kind === K.SlashEqualsToken) && !VALUE_END.has(prev)) kind = sc.reScanSlashToken();
        if (kind === K.OpenBraceToken) depth++;
        if (kind === K.CloseBraceToken) {
          const open = templates[templates.length - 1];
          if (open && open.depth === depth) {
            // The `}` that closes a `${`: the template goes on.
            kind = sc.reScanTemplateToken(false);
            const end = sc.getTokenEnd();
            const tail = kind === K.TemplateTail;
            const parts = open.lexeme.parts;
            parts[parts.length - 1].end = start + 1;
            parts.push({ kind: 'text', start: start + 1, end: tail ? end - 1 : end - 2 });
            if (!tail) parts.push({ kind: 'splice', start: end - 2, end: end });
            else {
              open.lexeme.end = end;
              templates.pop();
            }
            prev = kind;
            continue;
          }
          depth--;
        }
        const end = sc.getTokenEnd();
        if (kind === K.StringLiteral || kind === K.NoSubstitutionTemplateLiteral) {
          lexemes.push({ kind: 'str', start, end, quote: text[start], escape: 'backslash', unterminated: sc.isUnterminated() || undefined, parts: [{ kind: 'text', start: start + 1, end: end - 1 }] });
        } else if (kind === K.TemplateHead) {
          const lexeme: StringLexeme = {
            kind: 'str',
            start,
            end,
            quote: '`',
            escape: 'backslash',
            parts: [
              { kind: 'text', start: start + 1, end: end - 2 },
              { kind: 'splice', start: end - 2, end },
            ],
          };
          lexemes.push(lexeme);
          templates.push({ lexeme, depth });
        }
        prev = kind;
      }
      for (const t of templates) t.lexeme.unterminated = true;
      // Counted only when asked: the fix check (fix/verify.ts) compares it before and after an
      // edit; planning a report's fixes never reads it, and it is a second parse of the file.
      let errors: number | undefined;
      return {
        lexemes,
        get syntaxErrors() {
          return (errors ??= syntaxErrorsOfJs(ts, text));
        },
      };
    },
  };
}

function syntaxErrorsOfJs(ts: Awaited<typeof import('./parse.js')>['ts'], text: string): number {
  const sf = ts.createSourceFile('fix.tsx', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  return (sf as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics?.length ?? 0;
}
