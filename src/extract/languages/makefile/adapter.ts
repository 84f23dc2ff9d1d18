import type { Adapter } from '../../types.js';
import { hole } from '../../../core/hole.js';
import { scriptAdapter } from '../shell/script-adapter.js';
import { Mapped, MappedBuilder } from '../../shell/mapped.js';

// [ \t] and the lookahead keep it linear: the blanks before the value cannot be split between
// two runs, nor taken back by `.*` when `$` fails.
const ASSIGNMENT = /^[ \t]*((?:(?:export|override|private)[ \t]+)*)([A-Za-z_][\w.-]*)[ \t]*(::?=|:::=|\?=|\+=|!=|=)[ \t]*(?![ \t])(.*)$/;
const RULE = /^[^\t#=]*?[^:=]:(?![=:])/;
const MAX_DEPTH = 32;

interface MakeVar {
  /** The value as written (recursively expanded variables are expanded where they are used). */
  value: string;
  /** The value's text in the source, for a script line of its own. */
  source: Mapped;
  exported: boolean;
  /** A recipe or another variable expanded it. */
  used: boolean;
  /** Set with `:=`: the value was expanded once, when it was set, and is not expanded again. */
  simple?: boolean;
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
    const shell = open === '(' || open === '{' ? /^shell\s+/.exec(name ?? '') : null;
    if (shell && depth < MAX_DEPTH) {
      // `$(shell cmd)`: the command runs in a shell, as a command substitution would.
      const inner = d + 2 + (t.slice(d + 2).length - t.slice(d + 2).trimStart().length) + shell[0].length;
      b.push('$(', input.startOf(d), input.startOf(inner), false);
      const cmd = expandMake(input.slice(inner, end - 1), vars, depth + 1);
      b.pushFrom(cmd, 0, cmd.text.length);
      b.push(')', input.startOf(end - 1), input.endOf(end), false);
    } else if (v && depth < MAX_DEPTH) {
      v.used = true;
      b.push(v.simple ? v.value : expandMake(Mapped.of(v.value), vars, depth + 1).text, input.startOf(d), input.endOf(end), false, true);
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

/** A value that runs or names something: a command substitution, or a URL or path. */
const SHELL_WORTHY = /\$\(|`|\//;

/**
 * Makefile: one shell script from the recipes (tab-indented, `@`/`-`/`+` stripped) after make's
 * own expansion, lowered and resolved like a shell script (`languages/shell/lowering.ts`). Make expands
 * `$(VAR)` as text before the shell runs, so a variable's value lands in the recipe; `$$` is the
 * shell's `$`; `$(shell cmd)` is a command substitution. Assignments are `=`, `:=`, `::=`,
 * `?=`, `+=` (and `!=`, whose value is unknown); a target-specific assignment
 * (`deploy: HUB = ...`) is read as a global one. Exported variables are the recipes'
 * environment: the script starts with them as `export NAME=value`, so `$$NAME` in a recipe
 * follows to the assignment, where the finding points. A variable no recipe expands is still
 * read when its value holds a command or a URL (`TOKEN = $$(curl -X POST ...)`).
 */
export function scriptOf(text: string): Mapped {
  const vars = new Map<string, MakeVar>();
  const recipes: Mapped[] = [];
  // The recipes read the variables' final values: make expands them when it runs the rule.
  const lines = text.split('\n');
  const starts: number[] = [];
  lines.reduce((at, l) => (starts.push(at), at + l.length + 1), 0);
  let inRule = false;
  let inDefine = false;
  const assign = (mapped: Mapped) => {
    const line = mapped.text;
    const [, mods, name, op, raw] = ASSIGNMENT.exec(line) ?? [];
    if (!name) return;
    const valueAt = line.length - raw.length;
    const value = raw.replace(/(?<!\s)\s+#[^]*$/, '').replace(/\\\n\s*/g, ' ');
    const old = vars.get(name);
    if (op === '?=' && old) return;
    const source = mapped.slice(valueAt, valueAt + value.length);
    // `:=` expands at once, with the variables known so far; a `$(shell ...)` in it runs there
    // (its command is read at this line) and the value is the command's output, unknown here.
    const simple = op.startsWith(':');
    let now = value;
    if (simple) {
      const expanded = expandMake(source, vars);
      if (/\$\(shell\s/.test(value)) {
        atDefinition.push(expanded);
        now = hole(name);
      } else now = expanded.text;
    }
    const joined = op === '+=' && old ? `${old.value} ${now}` : op === '!=' ? hole(name) : now;
    vars.set(name, { value: joined, source: op === '+=' && old ? old.source : source, exported: /export/.test(mods) || (old?.exported ?? false), used: old?.used ?? false, simple: simple || old?.simple });
  };
  const pending: Mapped[] = [];
  const atDefinition: Mapped[] = [];
  for (let i = 0; i < lines.length; ) {
    const { mapped, next } = logicalLine(text, lines, starts, i);
    i = next;
    const line = mapped.text;
    if (inDefine) {
      inDefine = !/^\s*endef\b/.test(line);
    } else if (line.startsWith('\t') && inRule) {
      const lead = /^\t[\s@+-]*/.exec(line)?.[0].length ?? 1;
      pending.push(mapped.slice(lead));
    } else if (/^\s*(#|$)/.test(line)) {
      continue;
    } else if (/^\s*define\s/.test(line)) {
      inDefine = true;
    } else if (ASSIGNMENT.test(line) && !RULE.test(line.replace(/[:?+!]?=[^]*$/, ''))) {
      assign(mapped);
    } else if (RULE.test(line)) {
      inRule = true;
      const colon = RULE.exec(line)![0].length;
      const after = mapped.slice(colon);
      if (ASSIGNMENT.test(after.text)) {
        assign(after);
        continue;
      }
      const semi = line.indexOf(';');
      if (semi !== -1) pending.push(mapped.slice(semi + 1));
    } else if (/^\s*export\s+([\w.-]+)\s*$/.test(line)) {
      const v = vars.get(line.trim().split(/\s+/)[1]);
      if (v) v.exported = true;
    }
  }
  for (const p of pending) recipes.push(expandMake(p, vars));
  const b = new MappedBuilder();
  const line = (m: Mapped, prefix = '') => {
    const at = m.startOf(0);
    if (prefix) b.push(prefix, at, at, false);
    b.pushFrom(m, 0, m.text.length);
    b.push('\n', at, at, false);
  };
  for (const [name, v] of vars) {
    if (v.exported) {
      v.used = true;
      line(expandMake(v.source, vars), `export ${name}=`);
    }
  }
  for (const d of atDefinition) line(d, ': ');
  for (const r of recipes) line(r);
  for (const v of vars.values()) if (!v.used && SHELL_WORTHY.test(v.value)) line(expandMake(v.source, vars), ': ');
  return b.build();
}

/** Makefile: the recipes (and commands in variables) through the shell lowering. */
export function loadMakefileAdapter(): Promise<Adapter> {
  return scriptAdapter('makefile', scriptOf);
}
