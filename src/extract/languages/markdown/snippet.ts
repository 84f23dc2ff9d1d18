import { HOLE_CLOSE, HOLE_OPEN } from '../../../core/hole.js';
import type { AdapterName } from '../../language-table.js';

/**
 * A code block of documentation (a Markdown fence, an indented block, a reStructuredText
 * literal block) made ready for the adapter of its language: which language it is, with its
 * console prompts and output lines blanked and its placeholders turned into holes. Every
 * rewrite keeps the text's length and line breaks, so offsets found in it are offsets of the
 * block.
 */
export interface Snippet {
  language: AdapterName;
  text: string;
  /** Ranges of `text` that differ from the block (placeholders): no fix edits a literal there. */
  rewritten: Array<{ start: number; end: number }>;
}

/** Adapters that read `{x}` as code (format templates, f-strings, blocks): braces stay as written. */
const BRACES_ARE_CODE = new Set<AdapterName>(['python', 'go', 'js', 'java', 'groovy', 'kotlin', 'csharp', 'php', 'rust', 'ruby', 'perl', 'powershell']);

/** Fence names whose body is often another language pasted under the wrong label; `text` is also an unnamed block. */
const SHELL_LIKE = new Set<AdapterName>(['shell', 'text']);

// Evidence a block is of a language, each line on its own (anchored: linear).
const SHEBANG_SHELL = /^#!.*\b(?:ba|z|k|da)?sh\b/;
const SHEBANG_PYTHON = /^#!.*\bpython/;
const PYTHON_LINE = /^(?:import [\w.]+(?: as \w+)?|from [\w.]+ import [\w*,]+(?: +[\w*,]+)*|def \w+\(.*\):|class \w+(?:\(.*\))?:|if __name__ == )\s*$/;
const GO_LINE = /^(?:package \w+|func (?:\(.*\) )?\w+\(.*|import \($)/;
const SHELL_LINE = /^(?:\$ |(?:sudo )?(?:curl|wget|http|https|docker|export|echo|jq|for \w+ in|while |if \[) ?)/;
const PROMPT = /^([ \t]*)\$ /;

/**
 * The language of a block: the fence's own name, unless a shell or unnamed block plainly holds
 * a Python or Go program (a script pasted under ```sh is common in how-to pages); an unnamed
 * block is recognised by its shebang, `$ ` prompts or first words.
 */
export function snippetLanguage(named: AdapterName, text: string): AdapterName {
  if (!SHELL_LIKE.has(named)) return named;
  const lines = text.split('\n').map((l) => l.trimEnd());
  const first = lines.find((l) => l.trim() !== '') ?? '';
  if (SHEBANG_PYTHON.test(first)) return 'python';
  if (SHEBANG_SHELL.test(first)) return 'shell';
  const count = (re: RegExp) => lines.filter((l) => re.test(l)).length;
  const py = count(PYTHON_LINE);
  const go = count(GO_LINE);
  if (py > 0 && py >= go) return 'python';
  if (go > 1 || (go > 0 && named === 'text')) return 'go';
  return named === 'shell' || count(SHELL_LINE) > 0 ? 'shell' : 'text';
}

/**
 * A pasted console session (lines that start with a `$ ` prompt): the prompts become spaces
 * and the lines in between that are output, not commands continued with `\`, become blank.
 */
function consoleCommands(text: string): string {
  const lines = text.split('\n');
  if (!lines.some((l) => PROMPT.test(l))) return text;
  let continued = false;
  return lines
    .map((l) => {
      const p = PROMPT.exec(l);
      const keep = p !== null || continued;
      continued = keep && /\\\s*$/.test(l);
      if (p) return p[1] + '  ' + l.slice(p[0].length);
      return keep ? l : ' '.repeat(l.length);
    })
    .join('\n');
}

/**
 * Placeholders docs write for a value the reader fills in: `<org>`, and `{namespace}` where
 * braces are not code. Only those that stand for a path segment (after a `/`) are read; each
 * becomes a hole of the same length (one segment, as the matcher reads holes). `YOUR_ORG` and
 * `$ORG` need nothing: the first is literal text of one segment, the second a variable.
 */
const ANGLE = /(?<=\/)<([A-Za-z][\w-]{0,40})>(?=[/"'?#\s`]|$)/g;
const BRACE = /(?<=\/)\{([A-Za-z_][\w-]{0,40})\}(?=[/"'?#\s`]|$)/g;

export function withHoles(text: string, language: AdapterName | 'prose'): { text: string; rewritten: Snippet['rewritten'] } {
  const rewritten: Snippet['rewritten'] = [];
  const swap = (_: string, name: string, at: number) => {
    rewritten.push({ start: at, end: at + name.length + 2 });
    return HOLE_OPEN + name + HOLE_CLOSE;
  };
  let out = text.replace(ANGLE, swap);
  if (language === 'prose' || !BRACES_ARE_CODE.has(language)) out = out.replace(BRACE, swap);
  return { text: out, rewritten };
}

export function snippetOf(named: AdapterName, text: string): Snippet {
  const language = snippetLanguage(named, text);
  const body = language === 'shell' ? consoleCommands(text) : text;
  return { language, ...withHoles(body, language) };
}
