import { linesOf, type Line } from '../../lines.js';
import { bodyOf, type Block } from './blocks.js';

/** `.. code-block:: bash`, `.. code:: python`, `.. sourcecode:: console` (the language is optional). */
// (The language is optional as a whole: two blank runs around an empty name would be quadratic.)
const DIRECTIVE = /^([ \t]*)\.\.[ \t]+(?:code-block|code|sourcecode)::[ \t]*(?:([\w+#.-]+)[ \t]*)?$/;
/** A directive's option lines (`:linenos:`, `:caption: x`) before its content. */
const OPTION = /^[ \t]+:[\w-]+:/;

const indentOf = (line: string) => /^[ \t]*/.exec(line)![0].length;

/**
 * Splits reStructuredText into code (the `code-block` family of directives, and literal blocks:
 * the indented text after a paragraph that ends with `::`) and prose. A literal block names no
 * language: its content decides (see snippet.ts), as Sphinx's own highlighter guesses it.
 */
export function rstBlocks(text: string): Block[] {
  const lines = linesOf(text);
  const out: Block[] = [];
  let prose: Line[] = [];
  const flushProse = () => {
    if (prose.length) out.push({ kind: 'prose', info: '', body: bodyOf(prose, 0, false) });
    prose = [];
  };
  for (let i = 0; i < lines.length; ) {
    const line = lines[i].text;
    const directive = DIRECTIVE.exec(line);
    const literal = !directive && /::[ \t]*$/.test(line) && !/^[ \t]*\.\./.test(line);
    if (!directive && !literal) {
      prose.push(lines[i++]);
      continue;
    }
    const outer = indentOf(line);
    prose.push(lines[i++]);
    while (directive && i < lines.length && OPTION.test(lines[i].text) && indentOf(lines[i].text) > outer) prose.push(lines[i++]);
    // The content: blank lines, then lines indented deeper than the line that opened it.
    let j = i;
    while (j < lines.length && lines[j].text.trim() === '') j++;
    if (j >= lines.length || indentOf(lines[j].text) <= outer) continue;
    const width = indentOf(lines[j].text);
    const body: Line[] = [];
    let end = j;
    for (let k = j; k < lines.length && (lines[k].text.trim() === '' || indentOf(lines[k].text) > outer); k++) {
      body.push(lines[k]);
      if (lines[k].text.trim() !== '') end = body.length;
    }
    flushProse();
    for (; i < j; i++) prose.push(lines[i]);
    flushProse();
    out.push({ kind: directive ? 'fence' : 'indented', info: directive ? (directive[2] ?? '') : '', body: bodyOf(body.slice(0, end), width, false) });
    i = j + end;
  }
  flushProse();
  return out;
}
