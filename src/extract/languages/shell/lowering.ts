import { hole } from '../../../core/hole.js';
import type { SyntaxNode, SyntaxTree } from '../../../runtime/parsers.js';
import { SHELL_TOOLS } from '../../shell/session.js';
import { literalOf } from '../../lower/builder.js';
import type { Call, Expr, Lowered, Scope, StrPart } from '../../lower/form.js';
import { TreeLowerer } from '../../lower/walker.js';
import { cutExpr, type TextCut } from '../../lower/text-cut.js';

/** Nodes that only hold statements: walked into. */
/** Besides the walker's common ones (walker.ts). */
const CONTAINERS = [
  'program',
  'list',
  'pipeline',
  'subshell',
  'compound_statement',
  'elif_clause',
  'c_style_for_statement',
  'do_group',
  'case_statement',
  'case_item',
  'redirected_statement',
  'negated_command',
];


/** Words that run the command after them (`sudo curl ...`); a `$ ` prompt in a pasted session. */
const PREFIX = /^(?:sudo|exec|command|time|nohup|\$|>)$/;

/** Positional parameters a function's call sites bind (`$1` ... `$9`). */
const POSITIONAL = 9;

/**
 * Shell (tree-sitter-bash) into the lowered form. Words and quoted strings keep their exact
 * ranges; `$VAR`/`${VAR}` are names (an assignment in the file, else another file's constant
 * or a hole), `${VAR:-default}` an environment read with its default; `export`/`local`/
 * `readonly` assign like `=`; `$(...)` is an opaque value whose commands are still lowered;
 * a function's `$1`... are parameters bound to its call sites' words; `source`/`.` import.
 * A command is a call of its name with its words as arguments; curl, wget and HTTPie state
 * the method per URL argument through their options (`Call.methods`).
 */
export function lowerBash(tree: SyntaxTree, text: string): Lowered {
  const cx = new TreeLowerer('bash', text, { containers: CONTAINERS, comments: ['comment'], names: [] });
  const b = cx.b;
  /** Every expression goes through the shared walker, which caps the depth. */
  const expr = (n: SyntaxNode, scope: Scope): Expr => cx.expr(n, scope);
  // A script reads variables its environment or a sourced file set: any name may be foreign.
  b.out.wildcardImport = true;
  const span = (n: SyntaxNode) => ({ start: n.startIndex, end: n.endIndex });
  const named = (n: SyntaxNode | null) => (n?.namedChildren ?? []).filter((c): c is SyntaxNode => !!c && c.type !== 'comment');

  /** Unquoted text: a backslash quotes the next character. */
  const unquote = (raw: string) => raw.replace(/\\(.)/gs, '$1');
  /** Inside double quotes a backslash only quotes `$`, `` ` ``, `"`, `\` and a newline. */
  const undouble = (raw: string) => raw.replace(/\\([$`"\\\n])/g, (_, c: string) => (c === '\n' ? '' : c));

  const expansion = (n: SyntaxNode, scope: Scope): Expr => {
    const kids = named(n);
    const v = kids.find((c) => c.type === 'variable_name' || c.type === 'special_variable_name');
    if (!v) return b.opaque(n.text, span(n), scope);
    const op = n.children.find((c) => c && !c.isNamed && /^:?[-=?+]$/.test(c.type))?.type;
    const rest = kids.filter((c) => c !== v);
    // `${VAR:-default}` and `${VAR:=default}`: the default stands when the variable is unset.
    if (op && /^:?[-=]$/.test(op)) {
      const fallback = rest.length === 1 ? expr(rest[0], scope) : rest.length > 1 ? b.expr({ kind: 'concat', items: rest.map((r) => expr(r, scope)), start: rest[0].startIndex, end: rest[rest.length - 1].endIndex }, scope) : b.str([], { start: v.endIndex, end: v.endIndex }, scope);
      return b.expr({ kind: 'env', name: v.text, fallback, ...span(n) }, scope);
    }
    // `${BASE%/}`, `${P#/}`, `${U%/*}`: the value cut at an end, by the pattern's text when it has no wildcard.
    const trim = n.children.find((c) => c && !c.isNamed && /^(?:%%?|##?)$/.test(c.type))?.type;
    if (trim && rest.length === 1 && n.children[1]?.startIndex === v.startIndex) {
      const pattern = rest[0].type === 'string' || rest[0].type === 'raw_string' ? rest[0].text.slice(1, -1) : rest[0].text;
      const side = trim.startsWith('%') ? 'end' : 'start';
      const cut: TextCut = pattern !== '' && !/[*?[\\$]/.test(pattern) ? { side, suffix: pattern } : { side, unknown: true };
      return cutExpr(b, b.expr({ kind: 'name', name: v.text, ...span(v) }, scope), [cut], span(n), scope);
    }
    // Other operators (`${x:+alt}`, `${#x}`) change the value: not followed.
    if (rest.length > 0 || n.children.some((c) => c && !c.isNamed && !['${', '}', '$'].includes(c.type))) return b.opaque(n.text, span(n), scope);
    return b.expr({ kind: 'name', name: v.text, ...span(n) }, scope);
  };

  /** `"..."`: literal runs (with the gaps the grammar leaves between children) and expansions. */
  const doubleQuoted = (n: SyntaxNode, scope: Scope): Expr => {
    const parts: StrPart[] = [];
    const inner = { start: n.startIndex + 1, end: Math.max(n.startIndex + 1, n.endIndex - 1) };
    let at = inner.start;
    const literal = (end: number) => {
      if (end > at) parts.push({ text: undouble(text.slice(at, end)), start: at, end });
    };
    for (const c of named(n)) {
      if (c.type === 'string_content') continue;
      literal(c.startIndex);
      parts.push({ expr: expr(c, scope) });
      at = c.endIndex;
    }
    literal(inner.end);
    // `"$url"` is the variable itself: its definition is the construction, not this word.
    if (parts.length === 1 && 'expr' in parts[0]) return parts[0].expr;
    // The range is the content, as a fix rewrites it (the quotes stay).
    return b.str(parts, inner, scope);
  };

  function exprOf(n: SyntaxNode, scope: Scope): Expr {
    switch (n.type) {
      case 'word':
      case 'number':
        return b.str([{ text: unquote(n.text), start: n.startIndex, end: n.endIndex }], span(n), scope);
      case 'raw_string':
      case 'ansi_c_string': {
        const from = n.startIndex + (n.type === 'raw_string' ? 1 : 2);
        return b.str([{ text: text.slice(from, n.endIndex - 1), start: from, end: n.endIndex - 1 }], span(n), scope);
      }
      case 'string':
      case 'translated_string':
        return doubleQuoted(n.type === 'translated_string' ? (named(n)[0] ?? n) : n, scope);
      case 'simple_expansion':
      case 'expansion':
        return expansion(n, scope);
      case 'concatenation':
        return b.expr({ kind: 'concat', items: named(n).map((c) => expr(c, scope)), ...span(n) }, scope);
      case 'command_substitution': {
        // "$(printf '%s/v2/repositories/%s' "$BASE" "$ns")": the output is the format's.
        const only = named(n);
        const cmd = only.length === 1 && only[0].type === 'command' ? only[0] : null;
        if (cmd && cmd.childForFieldName('name')?.text === 'printf') {
          const args = cmd.childrenForFieldName('argument').filter((a): a is SyntaxNode => a !== null).map((a) => expr(a, scope));
          if (args.length > 0 && args[0].kind === 'str') return b.expr({ kind: 'format', style: 'printf', template: args[0], args: args.slice(1), named: new Map(), ...span(n) }, scope);
        }
        for (const c of only) statements(c);
        return b.opaque(n.text, span(n), scope);
      }
      case 'process_substitution':
        // Its output is not known; the commands inside are still calls with URLs.
        for (const c of named(n)) statements(c);
        return b.opaque(n.text, span(n), scope);
      default:
        return b.opaque(n.text, span(n), scope);
    }
  }

  const assignment = (n: SyntaxNode, scope: Scope) => {
    const name = n.childForFieldName('name') ?? named(n)[0];
    const value = n.childForFieldName('value') ?? named(n)[1];
    if (!name || name.type !== 'variable_name') return;
    const v = value ? expr(value, scope) : b.str([], { start: n.endIndex, end: n.endIndex }, scope);
    if (n.children.some((c) => c?.type === '+=')) {
      const old = b.expr({ kind: 'name', name: name.text, start: v.start, end: v.start }, scope);
      b.def(name.text, b.expr({ kind: 'concat', items: [old, v], start: v.start, end: v.end }, scope), n.endIndex);
    } else {
      b.def(name.text, v, n.endIndex);
    }
  };

  /**
   * A command's words as values. tree-sitter-bash splits an unquoted `$A/$B/tags` (also
   * `${A%/}/v2/$1/`) after the second `$` (a concatenation that ends in a bare `$`, then a word
   * `B/tags` right after it): the two are one word again, `$B` (`$1`, a positional parameter) a
   * name and the rest literal text.
   */
  const joinedWords = (words: SyntaxNode[], scope: Scope): Expr[] => {
    const out: Expr[] = [];
    for (let k = 0; k < words.length; k++) {
      const w = words[k];
      const next = words[k + 1];
      const last = w.lastChild;
      // The word after it may itself be a concatenation (`1/$2/`): its first word holds the name.
      const head = next?.type === 'concatenation' ? named(next)[0] : next;
      const name = head?.type === 'word' && head.startIndex === w.endIndex ? (/^[A-Za-z_]\w*/.exec(head.text) ?? /^[0-9@*#?!-]/.exec(head.text)) : null;
      if (w.type !== 'concatenation' || last?.type !== '$' || last.isNamed || !name || !head) {
        out.push(expr(w, scope));
        continue;
      }
      const items = named(w).map((c) => expr(c, scope));
      const at = head.startIndex + name[0].length;
      items.push(b.expr({ kind: 'name', name: name[0], start: last.startIndex, end: at }, scope));
      if (at < head.endIndex) items.push(b.str([{ text: unquote(text.slice(at, head.endIndex)), start: at, end: head.endIndex }], { start: at, end: head.endIndex }, scope));
      if (head !== next) items.push(...named(next).slice(1).map((c) => expr(c, scope)));
      out.push(b.expr({ kind: 'concat', items, start: w.startIndex, end: next.endIndex }, scope));
      k++;
    }
    return out;
  };

  const command = (n: SyntaxNode, scope: Scope) => {
    for (const c of named(n)) if (c.type === 'variable_assignment') assignment(c, scope);
    const words = named(n).filter((c) => c.type !== 'variable_assignment' && !c.type.endsWith('redirect'));
    const head = words[0]?.type === 'command_name' ? (named(words[0])[0] ?? words[0]) : undefined;
    if (!head) return;
    let rest = words.slice(1);
    let name = literalOf(expr(head, scope)) ?? '';
    while (PREFIX.test(name) && rest.length > 0) {
      name = literalOf(expr(rest[0], scope)) ?? '';
      rest = rest.slice(1);
    }
    const args = joinedWords(rest, scope);
    if ((name === 'source' || name === '.') && args[0]) {
      // The path as written when it is built (`"$(dirname "$0")/env.sh"`): the resolver reads its idiom.
      const file = literalOf(args[0]) ?? text.slice(args[0].start, args[0].end);
      b.out.imports.push({ local: file, module: file, name: null });
      return;
    }
    const init: Omit<Call, 'result' | 'scope'> = { callee: name, name: name.split('/').pop() ?? name, args, keywords: new Map(), ...span(n) };
    const requests = SHELL_TOOLS[init.name.toLowerCase()];
    if (requests) {
      const texts = args.map((a, i) => literalOf(a) ?? hole(`arg${i}`));
      init.methods = new Map();
      for (const r of requests(texts)) for (const i of r.urls) init.methods.set(i, { method: r.method, source: r.methodSource });
    }
    b.call(init, scope);
  };

  function statements(root: SyntaxNode): void {
    cx.walk(root);
  }

  cx.use({
    expr: exprOf,
    statement: (n, scope) => {
      switch (n.type) {
        case 'comment':
          b.comment(span(n));
          return false;
        case 'function_definition': {
          const fn = b.openScope('function', n.childForFieldName('name')?.text ?? null, span(n));
          for (let i = 1; i <= POSITIONAL; i++) b.addParam(fn, String(i));
          return n.childForFieldName('body') !== null;
        }
        case 'variable_assignment':
          assignment(n, scope);
          return false;
        case 'variable_assignments':
        case 'declaration_command':
          for (const c of named(n)) {
            if (c.type === 'variable_assignment') assignment(c, scope);
            else if (c.type !== 'variable_name' && c.type !== 'word') expr(c, scope);
          }
          return false;
        case 'command':
          command(n, scope);
          return false;
        case 'heredoc_body':
        case 'heredoc_redirect':
          return false;
        default:
          return undefined;
      }
    },
  });
  statements(tree.rootNode);
  return b.out;
}
