import { linesOf, type Line } from '../../lines.js';
import { Mapped, MappedBuilder } from '../../shell/mapped.js';

export interface Block {
  kind: 'fence' | 'indented' | 'prose';
  /** The fence's info string (```bash title="x"` → `bash title="x"`). */
  info: string;
  /** The block's text without fence lines and container prefixes, mapped to the source. */
  body: Mapped;
}


const FENCE_OPEN = /^([ \t>]*)(`{3,}(?!`)|~{3,}(?!~))(.*)$/;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s/;

/** CommonMark's closing fence: the same character, at least as long, nothing after it. */
function closes(line: string, fence: string): boolean {
  const m = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})\s*$/.exec(line);
  return m !== null && m[1][0] === fence[0] && m[1].length >= fence.length;
}


/** Lines without up to `width` characters of indentation or (`quotes`) blockquote markers. */
export function bodyOf(lines: Line[], width: number, quotes = true): Mapped {
  const b = new MappedBuilder();
  for (const l of lines) {
    const cut = (quotes ? /^[ \t>]*/ : /^[ \t]*/).exec(l.text)?.[0].length ?? 0;
    const skip = Math.min(cut, width);
    b.push(l.text.slice(skip), l.start + skip, l.start + l.text.length, true);
    b.push('\n', l.start + l.text.length, l.start + l.text.length + 1, false);
  }
  return b.build();
}

/**
 * Splits Markdown into fenced code (``` and ~~~, also inside blockquotes and list items),
 * indented code blocks and prose (everything else, HTML comments included).
 */
export function markdownBlocks(text: string): Block[] {
  const lines = linesOf(text);
  const out: Block[] = [];
  let prose: Line[] = [];
  const flushProse = () => {
    if (prose.length) out.push({ kind: 'prose', info: '', body: bodyOf(prose, 0) });
    prose = [];
  };
  let lastProse = '';
  for (let i = 0; i < lines.length; ) {
    const line = lines[i].text;
    const open = FENCE_OPEN.exec(line);
    if (open && !(open[2][0] === '`' && open[3].includes('`'))) {
      flushProse();
      const body: Line[] = [];
      for (i++; i < lines.length && !closes(lines[i].text, open[2]); i++) body.push(lines[i]);
      i++;
      out.push({ kind: 'fence', info: open[3].trim(), body: bodyOf(body, open[1].length) });
      lastProse = '';
      continue;
    }
    const indented = /^( {4}|\t)/.test(line) && line.trim() !== '';
    if (indented && prose.length > 0 && prose[prose.length - 1].text.trim() === '' && !LIST_ITEM.test(lastProse)) {
      flushProse();
      const body: Line[] = [];
      while (i < lines.length && (/^( {4}|\t)/.test(lines[i].text) || lines[i].text.trim() === '')) body.push(lines[i++]);
      out.push({ kind: 'indented', info: '', body: bodyOf(body, 4) });
      continue;
    }
    if (line.trim() !== '' && !/^\s/.test(line)) lastProse = line;
    prose.push(lines[i++]);
  }
  flushProse();
  return out;
}
