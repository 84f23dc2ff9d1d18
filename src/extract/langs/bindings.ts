import { foreignText, type ProjectLookup } from '../types.js';
import type { ImportTable } from './spec.js';
import { Parser, type Binding, type NameLookup } from './expression.js';
import { dotted, endsStatement, isMember, isOp, type Source } from './source.js';

// Tokens that may sit between a name's `:` and its `=` (`HUB: &str =`, `base: String? =`).
const TYPE_PUNCT = new Set(['&', '<', '>', '?', '[', ']', '.', '*', '::', ',']);
// `const ( ... )` and `var ( ... )` groups (Go) hold assignments inside parentheses.
const GROUP_KEYWORDS = new Set(['const', 'var', 'let']);

function inAssignableScope(src: Source, k: number): boolean {
  const p = src.parent[k];
  if (p === -1 || src.tokens[p].text === '{') return true;
  return src.tokens[p].text === '(' && GROUP_KEYWORDS.has(src.tokens[p - 1]?.text ?? '');
}

/** The token of the name assigned by the `=` at `k`, looking past annotations and types. */
function targetBefore(src: Source, k: number): number {
  const { tokens } = src;
  let j = k - 1;
  for (let i = k - 1, steps = 0; i > 0 && steps < 8; i--, steps++) {
    const t = tokens[i];
    if (isOp(t, ':')) {
      if (tokens[i - 1]?.kind === 'ident') j = i - 1;
      break;
    }
    if (!(t.kind === 'ident' || TYPE_PUNCT.has(t.text)) || t.nl) break;
  }
  if (src.spec.typeAfterName?.test(tokens[j]?.text ?? '') && tokens[j - 1]?.kind === 'ident') j--;
  if (tokens[j]?.kind !== 'ident') return -1;
  // `req, err :=` assigns the first name.
  while (isOp(tokens[j - 1], ',') && tokens[j - 2]?.kind === 'ident' && !tokens[j - 1].nl) j -= 2;
  return j;
}

function bindingOf(src: Source, target: number, valueStart: number): Binding {
  let first = target;
  while (isMember(src, src.tokens[first - 1]) && src.tokens[first - 2]?.kind === 'ident') first -= 2;
  const key = src.tokens[target].text;
  return { name: dotted(src, first, target), key, target, valueStart };
}

/**
 * Every assignment of a name in the file: `NAME = ...`, `const NAME: T = ...`, `x := ...`,
 * `my $x = ...`, `use constant NAME => ...`, `define('NAME', ...)`.
 */
export function findBindings(src: Source): Binding[] {
  const { tokens } = src;
  const out: Binding[] = [];
  tokens.forEach((t, k) => {
    if (t.kind === 'op' && src.spec.assignOps.includes(t.text) && k + 1 < tokens.length && inAssignableScope(src, k)) {
      const target = targetBefore(src, k);
      if (target !== -1 && !isMember(src, tokens[target + 1])) out.push(bindingOf(src, target, k + 1));
    } else if (isOp(t, '=>') && tokens[k - 2]?.text === 'constant' && tokens[k - 1]?.kind === 'ident') {
      out.push(bindingOf(src, k - 1, k + 1));
    } else if (t.text === 'define' && tokens[k + 1]?.text === '(' && tokens[k + 2]?.kind === 'str' && isOp(tokens[k + 3], ',')) {
      const name = tokens[k + 2].str?.parts.map((p) => ('text' in p ? p.text : '')).join('') ?? '';
      out.push({ name, key: name, target: k + 2, valueStart: k + 4 });
    }
  });
  return out;
}

/** The last segment of a name, as bindings and other files' constants are keyed. */
export function keyOf(name: string): string {
  const parts = name.split('.');
  return parts[parts.length - 1];
}

/**
 * Answers what a name holds: the nearest earlier assignment in this file, else the one
 * value all of its assignments agree on, else a constant another file exports.
 */
export class Resolver implements NameLookup {
  readonly bindings: Binding[];
  private readonly byKey = new Map<string, Binding[]>();
  private readonly byValueStart = new Map<number, Binding>();
  private readonly targets = new Set<number>();
  private readonly values = new Map<Binding, { text: string; last: number; used: Binding[] } | null>();
  private readonly busy = new Set<Binding>();
  readonly parser: Parser;
  private readonly imports: ImportTable | undefined;

  constructor(
    readonly src: Source,
    private readonly project: ProjectLookup,
    private readonly path: string,
  ) {
    this.bindings = findBindings(src);
    for (const b of this.bindings) {
      const list = this.byKey.get(b.key);
      if (list) list.push(b);
      else this.byKey.set(b.key, [b]);
      this.byValueStart.set(b.valueStart, b);
      this.targets.add(b.target);
    }
    this.parser = new Parser(src, this);
    this.imports = src.spec.imports?.(src.text);
  }

  valueOf(b: Binding): { text: string; last: number; used: Binding[] } | null {
    if (this.values.has(b)) return this.values.get(b) ?? null;
    if (this.busy.has(b)) return null;
    this.busy.add(b);
    const v = this.parser.expr(b.valueStart);
    this.busy.delete(b);
    const ok = v !== null && v.strings + v.known > 0 && endsStatement(this.src, v.last);
    const value = ok ? { text: v.text, last: v.last, used: v.used } : null;
    this.values.set(b, value);
    return value;
  }

  /** The binding whose value starts at token `at`. */
  definedAt(at: number): Binding | undefined {
    return this.byValueStart.get(at);
  }

  /** True when token `k` is a name being assigned. */
  isTarget(k: number): boolean {
    return this.targets.has(k);
  }

  /** The bindings a binding's value was built from, and theirs, and so on. */
  sources(b: Binding, seen = new Set<Binding>()): Set<Binding> {
    if (seen.has(b)) return seen;
    seen.add(b);
    for (const u of this.valueOf(b)?.used ?? []) this.sources(u, seen);
    return seen;
  }

  lookup(name: string, at: number): { text: string; binding?: Binding } | undefined {
    const key = keyOf(name);
    const list = this.byKey.get(key);
    if (list) {
      // The nearest earlier assignment, unless `at` is inside its own value (`x = x + "/a"`).
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (list[mid].target < at) lo = mid + 1;
        else hi = mid;
      }
      for (let k = lo - 1; k >= 0; k--) {
        const b = list[k];
        if (this.busy.has(b) || (b.valueStart <= at && at <= (this.valueOf(b)?.last ?? b.valueStart))) continue;
        const v = this.valueOf(b);
        return v ? { text: v.text, binding: b } : undefined;
      }
      // Used before any assignment (a function above a module constant): all must agree.
      const v = this.valueOf(list[0]);
      return v && list.every((b) => this.valueOf(b)?.text === v.text) ? { text: v.text, binding: list[0] } : undefined;
    }
    const exported = this.exportedName(name, key);
    const text = exported === undefined ? undefined : foreignText(this.project, { file: this.path, language: this.src.spec.name, name: exported });
    return text === undefined ? undefined : { text };
  }

  /** The name to ask other files for, or undefined when the file does not import it. */
  private exportedName(name: string, key: string): string | undefined {
    const bare = key.replace(/^[$@]/, '');
    if (!this.imports || this.imports.wildcard) return bare;
    const dot = name.indexOf('.');
    if (dot === -1) return this.imports.names.get(bare);
    return this.imports.modules.has(name.slice(0, dot)) || this.imports.names.has(name.slice(0, dot)) ? bare : undefined;
  }
}
