import { linesOf, type Line } from '../../lines.js';
import type { Adapter } from '../../types.js';
import { jsonStringArray } from '../json/tokenize.js';
import { scriptAdapter } from '../shell/script-adapter.js';
import { Mapped, MappedBuilder } from '../../shell/mapped.js';

interface Instruction {
  keyword: string;
  /** The arguments with continuation lines joined (comment lines dropped), mapped to the source. */
  args: Mapped;
}



/**
 * Dockerfile instructions as the builder reads them: the escape character (`# escape=`)
 * continues a line, comment lines inside a continuation are dropped, and a heredoc
 * (`RUN <<EOF`) keeps its body lines.
 */
export function instructions(text: string): Instruction[] {
  const lines = linesOf(text);
  const directive = /^#\s*escape\s*=\s*(\S)/im.exec(text.slice(0, 200));
  const escape = directive?.[1] ?? '\\';
  const out: Instruction[] = [];
  for (let i = 0; i < lines.length; ) {
    const head = /^\s*([A-Za-z]+)(?:\s+|$)/.exec(lines[i].text);
    if (!head || /^\s*#/.test(lines[i].text)) {
      i++;
      continue;
    }
    const b = new MappedBuilder();
    let line: Line = { text: lines[i].text.slice(head[0].length), start: lines[i].start + head[0].length };
    for (;;) {
      const body = line.text.replace(/(?<!\s)\s+$/, '');
      i++;
      if (!body.endsWith(escape)) {
        b.push(body, line.start, line.start + body.length, true);
        break;
      }
      b.push(body.slice(0, -1), line.start, line.start + body.length - 1, true);
      b.push(' ', line.start + body.length - 1, line.start + body.length, false);
      while (i < lines.length && /^\s*(#|$)/.test(lines[i].text)) i++;
      if (i >= lines.length) break;
      line = lines[i];
    }
    for (const m of b.build().text.matchAll(/<<-?\s*["']?(\w+)["']?/g)) {
      for (; i < lines.length; i++) {
        b.push('\n', lines[i].start - 1, lines[i].start, false);
        b.push(lines[i].text, lines[i].start, lines[i].start + lines[i].text.length, true);
        if (lines[i].text.trim() === m[1]) {
          i++;
          break;
        }
      }
    }
    out.push({ keyword: head[1].toUpperCase(), args: b.build() });
  }
  return out;
}

const COMMANDS = new Set(['RUN', 'CMD', 'ENTRYPOINT']);

/**
 * One shell script from the whole Dockerfile, mapped to its source: RUN/CMD/ENTRYPOINT as
 * commands (an exec-form array as single-quoted words), ARG and ENV as `export`, one line each,
 * so a variable set by ENV is followed into the RUN lines after it.
 */
export function scriptOf(text: string): Mapped {
  const b = new MappedBuilder();
  const add = (ins: Instruction): void => {
    const { keyword, args } = ins;
    const start = args.startOf(0);
    if (keyword === 'ONBUILD') {
      const inner = /^\s*([A-Za-z]+)\s*/.exec(args.text);
      if (inner) add({ keyword: inner[1].toUpperCase(), args: args.slice(inner[0].length) });
    } else if (keyword === 'HEALTHCHECK') {
      const cmd = /\bCMD\s+/i.exec(args.text);
      if (cmd) add({ keyword: 'CMD', args: args.slice((cmd.index ?? 0) + cmd[0].length) });
    } else if (COMMANDS.has(keyword)) {
      // RUN's own flags (`--mount=...`, `--network=...`) come before the command.
      const flags = keyword === 'RUN' ? (/^\s*(?:--\S+\s+)*/.exec(args.text)?.[0].length ?? 0) : 0;
      const script = args.slice(flags);
      const exec = script.text.trimStart().startsWith('[') ? jsonStringArray(script.text, 0, script.text.length) : null;
      if (!exec) b.pushFrom(script, 0, script.text.length);
      for (const v of (exec ?? []).map((x) => remap(script, x))) {
        if (v.text.includes("'")) continue;
        b.push(" '", start, start, false);
        b.pushFrom(v, 0, v.text.length);
        b.push("'", start, start, false);
      }
    } else if (keyword === 'ARG' || keyword === 'ENV') {
      const legacy = keyword === 'ENV' ? /^\s*([A-Za-z_]\w*)\s+(?!\S*=)/.exec(args.text) : null;
      b.push('export ', start, start, false);
      if (legacy) {
        b.push(`${legacy[1]}=`, start, start, false);
        b.pushFrom(args, legacy[0].length, args.text.length);
      } else {
        b.pushFrom(args, 0, args.text.length);
      }
    } else {
      return;
    }
    b.push('\n', start, start, false);
  };
  for (const ins of instructions(text)) add(ins);
  return b.build();
}

/** A string of an exec-form array, its offsets taken from the script it was read from. */
function remap(script: Mapped, value: Mapped): Mapped {
  const b = new MappedBuilder();
  for (const p of value.pieces) {
    const text = value.text.slice(p.at, p.at + p.len);
    if (p.exact) b.pushFrom(script, p.src, p.srcEnd);
    else b.push(text, script.startOf(p.src), script.endOf(p.srcEnd), false);
  }
  return b.build();
}

/** Dockerfile: RUN/CMD/ENTRYPOINT through the shell lowering, ARG and ENV as its variables. */
export function loadDockerfileAdapter(): Promise<Adapter> {
  return scriptAdapter('dockerfile', scriptOf);
}
