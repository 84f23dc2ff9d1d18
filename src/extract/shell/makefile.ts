import type { Adapter } from '../types.js';
import { hole } from '../../core/hole.js';
import { importsOf } from './adapter.js';
import { scanValue } from './candidate.js';
import { binding, CandidateSink, ShellEnv, type Binding } from './env.js';
import { Mapped, MappedBuilder } from './mapped.js';
import { ShellSession } from './session.js';

// [ \t] and the lookahead keep it linear: the blanks before the value cannot be split between
// two runs, nor taken back by `.*` when `$` fails.
const ASSIGNMENT = /^[ \t]*((?:(?:export|override|private)[ \t]+)*)([A-Za-z_][\w.-]*)[ \t]*(::?=|:::=|\?=|\+=|!=|=)[ \t]*(?![ \t])(.*)$/;
const RULE = /^[^\t#=]*?[^:=]:(?![=:])/;
const MAX_DEPTH = 32;

interface MakeVar extends Binding {
  exported: boolean;
}

/**
 * GNU make's expansion of `$(VAR)`/`${VAR}` over mapped text: `$$` is one `$` for the shell,
 * a known variable is substituted, anything else (`$@`, `$(shell ...)`, a variable given on
 * the command line) is a hole.
 */
function expandMake(input: Mapped, vars: Map<string, MakeVar>, depth = 0): Mapped {
  const t = input.text;
  const b = new MappedBuilder();
  let p = 0;
  while (p < t.length) {
    const d = t.indexOf('$', p);
    if (d === -1) {
      b.pushFrom(input, p, t.length);
      break;
    }
    b.pushFrom(input, p, d);
    const open = t[d + 1];
    let end: number;
    let name: string | null = null;
    if (open === '$') {
      b.push('$', input.startOf(d), input.endOf(d + 2), false);
      p = d + 2;
      continue;
    } else if (open === '(' || open === '{') {
      const close = open === '(' ? ')' : '}';
      let level = 0;
      end = d + 1;
      for (; end < t.length; end++) {
        if (t[end] === open) level++;
        else if (t[end] === close && --level === 0) break;
      }
      end = Math.min(end + 1, t.length);
      name = t.slice(d + 2, end - 1).trim();
    } else {
      end = Math.min(d + 2, t.length);
      name = open ?? '';
    }
    const v = /^[A-Za-z_][\w.-]*$/.test(name) ? vars.get(name) : undefined;
    if (v && depth < MAX_DEPTH) {
      v.used = true;
      b.push(expandMake(Mapped.of(v.value), vars, depth + 1).text, input.startOf(d), input.endOf(end), false, true);
    } else {
      b.push(hole(/^[\w.-]+$/.test(name) ? name : '$(...)'), input.startOf(d), input.endOf(end), false, true);
    }
    p = end;
  }
  return b.build();
}

/** A logical line: physical lines joined at a trailing backslash. */
function logicalLine(text: string, lines: string[], starts: number[], i: number): { mapped: Mapped; next: number } {
  const b = new MappedBuilder();
  let k = i;
  for (;;) {
    const line = lines[k].replace(/\r$/, '');
    const cont = /\\$/.test(line) && k + 1 < lines.length;
    b.pushFrom(Mapped.of(text, starts[k], starts[k] + line.length), 0, line.length);
    k++;
    if (!cont) break;
    b.push('\n', starts[k] - 1, starts[k], false);
  }
  return { mapped: b.build(), next: k };
}

/**
 * Makefile: variable assignments (`=`, `:=`, `?=`, `+=`) and recipe lines (tab-indented,
 * `@`/`-`/`+` stripped) run through make's expansion, then through the shell extractor.
 */
export const makefileAdapter: Adapter = {
  name: 'makefile',
  extract(path, text, ctx) {
    const sink = new CandidateSink();
    const vars = new Map<string, MakeVar>();
    const shellEnv = new ShellEnv(undefined, (name) => {
      const v = vars.get(name);
      return v?.exported ? binding(expandMake(Mapped.of(v.value), vars).text, [], [v]) : undefined;
    });
    const lines = text.split('\n');
    const starts: number[] = [];
    lines.reduce((at, l) => (starts.push(at), at + l.length + 1), 0);
    let inRule = false;
    let inDefine = false;
    for (let i = 0; i < lines.length; ) {
      const { mapped, next } = logicalLine(text, lines, starts, i);
      i = next;
      const line = mapped.text;
      if (inDefine) {
        inDefine = !/^\s*endef\b/.test(line);
      } else if (line.startsWith('\t') && inRule) {
        const lead = /^\t[\s@+-]*/.exec(line)?.[0].length ?? 1;
        new ShellSession(sink, shellEnv, { imports: importsOf(path, ctx) }).run(expandMake(mapped.slice(lead), vars));
      } else if (/^\s*(#|$)/.test(line)) {
        continue;
      } else if (/^\s*define\s/.test(line)) {
        inDefine = true;
      } else if (ASSIGNMENT.test(line) && !RULE.test(line.replace(/[:?+!]?=[^]*$/, ''))) {
        const [, mods, name, op, raw] = ASSIGNMENT.exec(line) ?? [];
        const valueAt = line.length - raw.length;
        const value = raw.replace(/(?<!\s)\s+#[^]*$/, '').replace(/\\\n\s*/g, ' ');
        const old = vars.get(name);
        if (op === '?=' && old) continue;
        const text = op === '+=' && old ? `${old.value} ${value}` : op === '!=' ? hole(name) : value;
        const v: MakeVar = { ...binding(text, scanValue(expandMake(mapped.slice(valueAt, valueAt + value.length), vars))), exported: /export/.test(mods) || (old?.exported ?? false) };
        vars.set(name, v);
        sink.track(v);
      } else if (RULE.test(line)) {
        inRule = true;
        const semi = line.indexOf(';');
        if (semi !== -1) new ShellSession(sink, shellEnv).run(expandMake(mapped.slice(semi + 1), vars));
      } else if (/^\s*export\s+([\w.-]+)\s*$/.test(line)) {
        const v = vars.get(line.trim().split(/\s+/)[1]);
        if (v) v.exported = true;
      }
    }
    return sink.finish();
  },
};
