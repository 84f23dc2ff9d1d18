import type { Lexed, Lexeme, LexedBlock, SourceLexer } from '../../../core/lexeme.js';
import { adapterNameForFence, languageOf } from '../../language-table.js';
import { markdownBlocks, type Block } from './blocks.js';
import { snippetOf } from './snippet.js';

/**
 * The fix step's lexical view of a document (issue 31): each code block lexed by the lexer of the
 * language the scan read it as (snippet.ts), its lexemes moved to the block's place in the file;
 * prose gets none. Only a lexeme whose text maps onto the source one to one is kept (a block
 * inside a blockquote or a list item loses its prefixes line by line, so a string spanning lines
 * there is left out), so every offset an edit uses is the file's own. `lexers` are those of the
 * languages read in fences (given by the registry, which this module may not import).
 */
export function markdownLexer(lexers: ReadonlyMap<string, SourceLexer>, split: (text: string) => Block[] = markdownBlocks, name = 'markdown'): SourceLexer {
  return {
    language: name,
    lex(text): Lexed {
      const lexemes: Lexeme[] = [];
      const blocks: LexedBlock[] = [];
      let syntaxErrors = 0;
      for (const b of split(text)) {
        if (b.kind === 'prose') continue;
        const snippet = snippetOf(adapterNameForFence(b.info), b.body.text);
        const lexer = lexers.get(snippet.language);
        if (!lexer || !languageOf(snippet.language).inFences) continue;
        const inner = lexer.lex(snippet.text);
        syntaxErrors += inner.syntaxErrors;
        const at = (i: number) => b.body.startOf(i);
        const exact = (s: number, e: number) => b.body.endOf(e) - at(s) === e - s;
        for (const l of inner.lexemes) {
          if (!exact(l.start, l.end)) continue;
          if (l.kind !== 'str') lexemes.push({ kind: l.kind, start: at(l.start), end: b.body.endOf(l.end) });
          else lexemes.push({ ...l, start: at(l.start), end: b.body.endOf(l.end), parts: l.parts.map((p) => ({ kind: p.kind, start: at(p.start), end: p.end === p.start ? at(p.start) : b.body.endOf(p.end) })) });
        }
        blocks.push({ start: at(0), end: b.body.endOf(b.body.text.length), lexer });
      }
      return { lexemes: lexemes.sort((a, z) => a.start - z.start), syntaxErrors, blocks };
    },
  };
}
