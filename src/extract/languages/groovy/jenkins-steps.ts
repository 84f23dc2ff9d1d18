import { hole } from '../../../core/hole.js';
import { decodeEscape } from '../../langs/tokenize.js';
import type { Def, Expr } from '../../lower/form.js';
import type { StepScript } from './lowering.js';
import { Mapped, MappedBuilder } from '../../shell/mapped.js';

/** Characters a value written between double quotes in the shell must escape. */
const SHELL_SPECIAL = /["\\$`]/;
/** Shell variables a script reads (`$X`, `${X}`, `${X%%/*}`). */
const SHELL_VAR = /\$\{?([A-Za-z_]\w*)/g;
/** Names followed into the prelude at most (a value that names another value...). */
const MAX_PRELUDE = 64;

/**
 * The script of a Jenkins `sh` step as the shell runs it, mapped to the Groovy source: the
 * literal's text with Groovy's escapes decoded (`\\` is one backslash for the shell, `\$` a
 * dollar), and, in a double-quoted GString, each splice turned into what the shell sees. A
 * splice of a name (`${image}`, `$env.HUB`) stays a shell variable of that name, and the
 * script starts with a prelude that exports the values the Groovy file gives those names and
 * the environment variables the script reads (`environment { HUB = '...' }`, `env.X = ...`),
 * each mapped to the Groovy value; any other splice (`${params.X}`, `${f(x)}`) is a hole. So a
 * URL the shell builds is reported at the line of the Groovy literal that holds the path, with
 * the method of the command that sends it (`curl -X POST`).
 */
export function stepScript(text: string, script: StepScript, defs: readonly Def[], environment: readonly Def[]): Mapped {
  const body = script.token.str!;
  const escapes = body.escape === 'backslash';
  const main = new MappedBuilder();
  /** Names the script reads: from a Groovy splice (any definition) or as a shell variable (the environment only). */
  const wanted: Array<{ name: string; groovy: boolean }> = [];
  for (const part of body.parts) {
    if ('text' in part) {
      pushLiteral(main, text, part.start, part.end, escapes, false);
      for (const m of part.text.matchAll(SHELL_VAR)) wanted.push({ name: m[1], groovy: false });
    } else {
      const src = text.slice(part.start, part.end).replace(/^\$\{?|\}$/g, '').trim();
      const name = /^(?:env\.)?(\w+)$/.exec(src)?.[1];
      if (name) {
        main.push(`\${${name}}`, part.start, part.end, false);
        wanted.push({ name, groovy: !src.startsWith('env.') });
      } else main.push(hole(src), part.start, part.end, false, true);
    }
  }
  if (script.language !== 'shell') return main.build();
  return withPrelude(text, main.build(), wanted, script.at, defs, environment);
}

/** `export NAME="value"` lines for the names the script reads that the Groovy file defines, then the script. */
function withPrelude(text: string, script: Mapped, wanted: Array<{ name: string; groovy: boolean }>, at: number, defs: readonly Def[], environment: readonly Def[]): Mapped {
  const chosen = new Map<string, Def>();
  const queue = [...wanted];
  for (let k = 0; k < queue.length && chosen.size < MAX_PRELUDE; k++) {
    const { name, groovy } = queue[k];
    if (chosen.has(name)) continue;
    const def = (groovy ? lastBefore(defs, name, at) : undefined) ?? lastBefore(environment, name, at) ?? (groovy ? undefined : environment.filter((d) => d.name === name).at(-1));
    if (!def) continue;
    chosen.set(name, def);
    for (const n of namesIn(def.value)) queue.push(n);
  }
  const b = new MappedBuilder();
  for (const [name, def] of [...chosen].sort((x, y) => x[1].at - y[1].at)) {
    const v = def.value;
    b.push(`export ${name}="`, v.start, v.start, false);
    pushValue(b, text, v, 0);
    b.push('"\n', v.end, v.end, false);
  }
  b.pushFrom(script, 0, script.text.length);
  return b.build();
}

function lastBefore(defs: readonly Def[], name: string, at: number): Def | undefined {
  let found: Def | undefined;
  for (const d of defs) if (d.name === name && d.at <= at) found = d;
  return found;
}

/** The names a value reads, as the prelude writes them (`env.X` is `X`). */
function namesIn(e: Expr): Array<{ name: string; groovy: boolean }> {
  const out: Array<{ name: string; groovy: boolean }> = [];
  const stack: Expr[] = [e];
  while (stack.length > 0 && out.length < MAX_PRELUDE) {
    const x = stack.pop()!;
    if (x.kind === 'name') {
      const m = /^(env\.)?(\w+)$/.exec(x.name);
      if (m) out.push({ name: m[2], groovy: !m[1] });
    } else if (x.kind === 'str') {
      for (const p of x.parts) if ('expr' in p) stack.push(p.expr);
    } else if (x.kind === 'concat') stack.push(...x.items);
    else if (x.kind === 'env' && x.fallback) stack.push(x.fallback);
  }
  return out;
}

/** A Groovy value written as the inside of a double-quoted shell word. */
function pushValue(b: MappedBuilder, text: string, e: Expr, depth: number): void {
  if (depth > 32) {
    b.push(hole('value'), e.start, e.end, false, true);
    return;
  }
  switch (e.kind) {
    case 'str':
      for (const p of e.parts) {
        if ('text' in p) pushLiteral(b, text, p.start, p.end, true, true);
        else pushValue(b, text, p.expr, depth + 1);
      }
      return;
    case 'concat':
      for (const item of e.items) pushValue(b, text, item, depth + 1);
      return;
    case 'name': {
      const m = /^(?:env\.)?(\w+)$/.exec(e.name);
      if (m) b.push(`\${${m[1]}}`, e.start, e.end, false);
      else b.push(hole(e.name), e.start, e.end, false, true);
      return;
    }
    case 'env':
      if (e.fallback) pushValue(b, text, e.fallback, depth + 1);
      else b.push(hole(e.name), e.start, e.end, false, true);
      return;
    default:
      b.push(hole(e.kind === 'opaque' ? e.text : 'value'), e.start, e.end, false, true);
  }
}

/**
 * The source text [start, end) of a string literal as the program sees it: runs without
 * escapes map one to one, each escape to its two source characters. `quoted`: written inside a
 * double-quoted shell word, so the shell's special characters get a backslash.
 */
function pushLiteral(b: MappedBuilder, text: string, start: number, end: number, escapes: boolean, quoted: boolean): void {
  let run = start;
  const flush = (j: number) => {
    if (j > run) b.push(text.slice(run, j), run, j, true);
  };
  for (let j = start; j < end; ) {
    const c = text[j];
    if (escapes && c === '\\' && j + 1 < end) {
      flush(j);
      const out = decodeEscape(text[j + 1]);
      b.push(quoted ? out.replace(/["\\$`]/g, '\\$&') : out, j, j + 2, false);
      j += 2;
      run = j;
    } else if (quoted && SHELL_SPECIAL.test(c)) {
      flush(j);
      b.push(`\\${c}`, j, j + 1, false);
      j++;
      run = j;
    } else j++;
  }
  flush(end);
}
