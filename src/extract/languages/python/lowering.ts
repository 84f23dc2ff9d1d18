import type { SyntaxNode, SyntaxTree } from '../../../runtime/parsers.js';
import { quoteKeepsSlash } from '../../../core/segment-words.js';
import { literalOf, unescape } from '../../lower/builder.js';
import type { Expr, Lowered, Scope, StrPart } from '../../lower/form.js';
import { CHAIN_VERBS, chainRequest, splitChain, type Link } from '../../lower/path-chain.js';
import { TreeLowerer } from '../../lower/walker.js';
import { cutExpr, namedCut, patternCut, sliceCuts } from '../../lower/text-cut.js';
import { builderRoot } from '../../lower/url-builder.js';
import { PYTHON_URL_BUILDERS } from './url-builders.js';

/** Calls whose value is their first argument as far as a URL goes. */
const IDENTITY = /^(?:str|quote|quote_plus|lower|encode|decode)$/;
/** String methods that cut the string at an end (text-cut.ts). */
const CUT_METHOD = /^(?:strip|rstrip|lstrip|removesuffix|removeprefix)$/;
const ENV_CALL = /^(?:os\.getenv|os\.environ\.get|environ\.get|getenv)$/;

/** Nodes that only hold statements: walked into. */
/** Besides the walker's common ones (walker.ts). */
const CONTAINERS = [
  'module',
  'decorated_definition',
  'elif_clause',
  'except_clause',
  'with_statement',
  'with_clause',
  'with_item',
  'match_statement',
  'case_clause',
];

/**
 * Python (tree-sitter-python) into the lowered form: f-strings, implicit concatenation over
 * lines, `+`, `%`, `.format`, `sep.join`, `os.path.join`/`urljoin`, `os.environ`, imports,
 * functions with defaults, class attributes and `self.x` fields.
 */
export function lowerPython(tree: SyntaxTree, text: string): Lowered {
  const cx = new TreeLowerer('python', text, { containers: CONTAINERS, comments: ['comment'] });
  /** Every expression goes through the shared walker (`expr`), which caps the depth. */
  const { b, expr, span, openScope } = cx;

  const dotted = (n: SyntaxNode | null): string | null => {
    if (!n) return null;
    if (n.type === 'identifier') return n.text;
    if (n.type === 'attribute') {
      const o = dotted(n.childForFieldName('object'));
      const a = n.childForFieldName('attribute');
      return o && a ? `${o}.${a.text}` : null;
    }
    return null;
  };
  /** A string key of a subscript (`["base"]`), or null. */
  const fieldKey = (sub: SyntaxNode | null): string | null => (sub?.type === 'string' && /^[\w-]+$/.test(sub.text.slice(1, -1)) ? sub.text.slice(1, -1) : null);
  /** A dotted name through string subscripts too (`CONF["hub"]["base"]` is `CONF.hub.base`, a nested dict's field). */
  const fieldPath = (n: SyntaxNode | null): string | null => {
    if (n?.type !== 'subscript') return dotted(n);
    const owner = fieldPath(n.childForFieldName('value'));
    const key = fieldKey(n.childForFieldName('subscript'));
    return owner && key ? `${owner}.${key}` : null;
  };

  const strParts = (n: SyntaxNode, scope: Scope): StrPart[] => {
    const parts: StrPart[] = [];
    const prefix = (n.firstChild?.text ?? '').replace(/(?<!["'])["']+$/, '').toLowerCase();
    const raw = prefix.includes('r');
    const isF = prefix.includes('f');
    for (const c of n.namedChildren) {
      if (!c) continue;
      if (c.type === 'string_content') {
        let t = raw ? c.text : unescape(c.text);
        if (isF) t = t.replace(/\{\{/g, '{').replace(/\}\}/g, '}');
        parts.push({ text: t, start: c.startIndex, end: c.endIndex });
      } else if (c.type === 'interpolation') {
        const inner = c.childForFieldName('expression');
        if (inner) parts.push({ expr: expr(inner, scope) });
      }
    }
    return parts;
  };

  const args = (list: SyntaxNode | null, scope: Scope) => {
    const positional: Expr[] = [];
    const keywords = new Map<string, Expr>();
    for (const a of list?.namedChildren ?? []) {
      if (!a || a.type === 'comment') continue;
      if (a.type === 'keyword_argument') {
        const name = a.childForFieldName('name')?.text;
        const value = a.childForFieldName('value');
        if (name && value) keywords.set(name, expr(value, scope));
      } else {
        positional.push(expr(a, scope));
      }
    }
    return { positional, keywords };
  };

  /** `api.v2.users[owner]` member by member from its root (path-chain.ts): a name for an attribute, null for a value; null unless every link is one. */
  const links = (n: SyntaxNode): Array<Link<SyntaxNode>> | null => {
    const out: Array<Link<SyntaxNode>> = [];
    for (let at: SyntaxNode | null = n; at; ) {
      if (at.type === 'identifier') {
        out.unshift({ node: at, name: at.text });
        return out;
      }
      if (at.type === 'attribute') {
        const a = at.childForFieldName('attribute');
        if (!a) return null;
        out.unshift({ node: a, name: a.text });
        at = at.childForFieldName('object');
      } else if (at.type === 'subscript') {
        const sub = at.childForFieldName('subscript');
        if (!sub) return null;
        out.unshift({ node: sub, name: null });
        at = at.childForFieldName('value');
      } else if (at.type === 'call') {
        // slumber's `repositories(owner)`: one positional value is one segment.
        const list = (at.childForFieldName('arguments')?.namedChildren ?? []).filter((c): c is SyntaxNode => !!c && c.type !== 'comment');
        const fn = at.childForFieldName('function');
        if (list.length !== 1 || list[0].type === 'keyword_argument' || fn?.type !== 'attribute') return null;
        out.unshift({ node: list[0], name: null });
        at = fn;
      } else return null;
    }
    return null;
  };

  /** A REST wrapper's request spelled as a chain (`self.api.v2.users.login.post(body=…)`), else undefined. */
  const chainCall = (object: SyntaxNode, verb: string, rest: { args: Expr[]; keywords: Map<string, Expr> }, n: SyntaxNode, scope: Scope): Expr | undefined => {
    if (!CHAIN_VERBS.test(verb)) return undefined;
    const split = splitChain(links(object), span, (node) => expr(node, scope));
    if (!split) return undefined;
    return chainRequest(b, split.root, split.steps, verb, rest, span(n), scope);
  };

  const call = (n: SyntaxNode, scope: Scope): Expr => {
    const fn = n.childForFieldName('function');
    const argList = n.childForFieldName('arguments');
    const { positional, keywords } = args(argList, scope);
    const callee = dotted(fn) ?? '';
    const name = fn?.type === 'attribute' ? (fn.childForFieldName('attribute')?.text ?? '') : callee;
    const object = fn?.type === 'attribute' ? fn.childForFieldName('object') : null;
    // A template kept in a name and formatted where it is used (`TAGS_URL.format(image=ref)`):
    // the URL is the formatted one, read with the arguments' values, reported at the template.
    if (object && name === 'format' && (object.type === 'identifier' || object.type === 'attribute')) {
      return b.expr({ kind: 'format', style: 'brace', template: expr(object, scope), args: positional, named: keywords, ...span(n) }, scope);
    }
    // String methods build strings: "{}/x".format(a), "/".join([a, b]).
    if (object && (object.type === 'string' || object.type === 'concatenated_string')) {
      if (name === 'format') {
        return b.expr({ kind: 'format', style: 'brace', template: expr(object, scope), args: positional, named: keywords, ...span(n) }, scope);
      }
      const sep = object.type === 'string' ? strParts(object, scope) : [];
      if (name === 'join' && positional.length === 1 && sep.length <= 1 && sep.every((p) => 'text' in p)) {
        const list = argList?.namedChildren[0];
        if (list && (list.type === 'list' || list.type === 'tuple')) {
          const items = list.namedChildren.filter((x): x is SyntaxNode => !!x).map((x) => expr(x, scope));
          return b.expr({ kind: 'join', style: 'sep', sep: sep.map((p) => ('text' in p ? p.text : '')).join(''), items, ...span(n) }, scope);
        }
      }
    }
    if (ENV_CALL.test(callee) && positional[0]?.kind === 'str') {
      return b.expr({ kind: 'env', name: literalOf(positional[0]) ?? '', fallback: positional[1] ?? keywords.get('default'), ...span(n) }, scope);
    }
    if (/^(?:os\.path|posixpath)\.join$/.test(callee)) return b.expr({ kind: 'join', style: 'path', items: positional, ...span(n) }, scope);
    if (/(?:^|\.)urljoin$/.test(callee)) return b.expr({ kind: 'join', style: 'url', items: positional, ...span(n) }, scope);
    if (CUT_METHOD.test(name) && object && positional.length <= 1) {
      // base.rstrip("/"): the receiver, cut.
      const arg = positional[0] ? literalOf(positional[0]) : undefined;
      const cut = namedCut(name, arg);
      return cut ? cutExpr(b, expr(object, scope), [cut], span(n), scope) : expr(object, scope);
    }
    // re.sub(r"/$", "", base): a pattern anchored at an end, replaced by nothing.
    if (/^(?:re\.)?sub$/.test(callee) && positional.length === 3 && literalOf(positional[1]) === '') {
      const pattern = literalOf(positional[0]);
      const cut = pattern === null ? undefined : patternCut(pattern);
      if (cut) return cutExpr(b, positional[2], [cut], span(n), scope);
    }
    if (IDENTITY.test(name) && object && positional.length <= 1 && name !== 'quote' && name !== 'str') {
      return expr(object, scope);
    }
    if ((name === 'quote' || name === 'quote_plus') && positional.length >= 1) {
      // quote(x, safe='') and quote_plus(x) escape a `/` of the value: one path segment (core/segment-words.ts).
      const safe = keywords.get('safe') ?? positional[1];
      const kept = safe ? literalOf(safe) : undefined;
      if (kept === null || quoteKeepsSlash(name, kept)) return positional[0];
      const of = positional[0];
      return b.expr({ kind: 'segment', of, name: of.kind === 'name' ? of.name : name, escaped: true, ...span(n) }, scope);
    }
    if (name === 'str' && positional.length >= 1) return positional[0];
    const chained = object ? chainCall(object, name, { args: positional, keywords }, n, scope) : undefined;
    if (chained) return chained;
    const receiver = object ? expr(object, scope) : undefined;
    return b.call({ callee, name, receiver, args: positional, keywords, ...span(n) }, scope);
  };

  /**
   * yarl's and furl's `/` (`URL(BASE) / "v2" / "repositories" / ns`): each operand a path
   * segment after the URL the root call (PYTHON_URL_BUILDERS) is made from. Undefined when
   * the chain does not start at one (a number's `/`).
   */
  const slashJoin = (n: SyntaxNode, scope: Scope): Expr | undefined => {
    const rights: SyntaxNode[] = [];
    let at: SyntaxNode | null = n;
    while (at?.type === 'binary_operator' && at.childForFieldName('operator')?.text === '/') {
      const right = at.childForFieldName('right');
      if (right) rights.unshift(right);
      at = at.childForFieldName('left');
    }
    if (at?.type !== 'call') return undefined;
    const root = builderRoot(PYTHON_URL_BUILDERS, dotted(at.childForFieldName('function')) ?? '');
    const from = typeof root?.from === 'number' ? at.childForFieldName('arguments')?.namedChildren[root.from] : undefined;
    if (!from) return undefined;
    return b.expr({ kind: 'join', style: 'path', items: [expr(from, scope), ...rights.map((r) => expr(r, scope))], ...span(n) }, scope);
  };

  function exprOf(n: SyntaxNode, scope: Scope): Expr | undefined {
    switch (n.type) {
      case 'string':
        return b.str(strParts(n, scope), span(n), scope);
      case 'concatenated_string':
        return b.expr({ kind: 'concat', items: n.namedChildren.filter((c): c is SyntaxNode => c?.type === 'string').map((c) => expr(c, scope)), ...span(n) }, scope);
      case 'parenthesized_expression': {
        const inner = n.namedChildren.find((c) => c && c.type !== 'comment');
        return inner ? expr(inner, scope) : b.opaque(n.text, span(n), scope);
      }
      case 'dictionary': {
        // `{"method": "post", "url": url}` returned or passed: an options object (the method resolver reads its keys).
        const fields = new Map<string, Expr>();
        const spreads: Expr[] = [];
        for (const c of n.namedChildren) {
          if (!c || c.type === 'comment') continue;
          const key = c.type === 'pair' ? c.childForFieldName('key') : null;
          const value = c.type === 'pair' ? c.childForFieldName('value') : c.type === 'dictionary_splat' ? c.namedChildren[0] : null;
          if (!value) expr(c, scope);
          else if (c.type === 'dictionary_splat') spreads.push(expr(value, scope));
          else if (key?.type === 'string' && /^["'][\w-]+["']$/.test(key.text)) fields.set(key.text.slice(1, -1), expr(value, scope));
          else {
            if (key) expr(key, scope);
            expr(value, scope);
          }
        }
        return b.expr({ kind: 'object', fields, spreads, ...span(n) }, scope);
      }
      case 'lambda':
        // `route = lambda p: f"{HUB}/v2/{p}"`: a function (named by the assignment), its body the value it returns.
        return b.lambda(n, (list, fn) => list && params(list, fn), cx.walk, expr);
      case 'await':
        return n.namedChildren[0] ? expr(n.namedChildren[0], scope) : b.opaque(n.text, span(n), scope);
      case 'binary_operator': {
        const op = n.childForFieldName('operator')?.text;
        const left = n.childForFieldName('left');
        const right = n.childForFieldName('right');
        if (!left || !right) break;
        if (op === '/') {
          const joined = slashJoin(n, scope);
          if (joined) return joined;
        }
        // A template held in a name (`REPO_URL % (ns, name)`) formats too; a number's `%` builds no string.
        if (op === '%' && (left.type === 'string' || left.type === 'concatenated_string' || left.type === 'identifier' || left.type === 'attribute')) {
          const template = expr(left, scope);
          const named = new Map<string, Expr>();
          let list: Expr[] = [];
          if (right.type === 'tuple' || right.type === 'parenthesized_expression') {
            list = right.namedChildren.filter((c): c is SyntaxNode => !!c && c.type !== 'comment').map((c) => expr(c, scope));
          } else if (right.type === 'dictionary') {
            for (const pair of right.namedChildren) {
              const key = pair?.childForFieldName('key');
              const value = pair?.childForFieldName('value');
              if (key?.type === 'string' && value) named.set(key.text.slice(1, -1), expr(value, scope));
            }
          } else {
            list = [expr(right, scope)];
          }
          return b.expr({ kind: 'format', style: 'printf', template, args: list, named, ...span(n) }, scope);
        }
        break;
      }
      case 'call':
        return call(n, scope);
      case 'attribute': {
        // `paged(api.v2.repositories[owner].get)`: the verb handed on is the request it makes when called.
        const object = n.childForFieldName('object');
        const verb = n.childForFieldName('attribute')?.text ?? '';
        return object ? chainCall(object, verb, { args: [], keywords: new Map() }, n, scope) : undefined;
      }
      case 'subscript': {
        const value = n.childForFieldName('value');
        const sub = n.childForFieldName('subscript');
        if (value && sub && /^(?:os\.)?environ$/.test(dotted(value) ?? '') && sub.type === 'string') {
          return b.expr({ kind: 'env', name: sub.text.slice(1, -1), ...span(n) }, scope);
        }
        // endpoints["login"], module.params["url"], CONF["hub"]["base"]: a field, named like an attribute.
        const field = fieldPath(n);
        if (field) return b.expr({ kind: 'name', name: field, ...span(n) }, scope);
        // base[:-1], base[len(prefix):]: the value, cut.
        if (value && sub?.type === 'slice') {
          const bounds: Array<string | undefined> = [undefined, undefined];
          let at = 0;
          for (const c of sub.children) {
            if (!c) continue;
            if (c.type === ':') at++;
            else if (at < 2) bounds[at] = c.text;
          }
          if (at <= 1) return cutExpr(b, expr(value, scope), sliceCuts(bounds[0], bounds[1], true), span(n), scope);
        }
        // x.split("/")[0]: one path segment.
        if (value?.type === 'call') {
          const fn = value.childForFieldName('function');
          const splitOn = value.childForFieldName('arguments')?.namedChildren[0];
          if (fn?.type === 'attribute' && /^r?split$/.test(fn.childForFieldName('attribute')?.text ?? '') && splitOn?.text.slice(1, -1) === '/') {
            const of = expr(fn.childForFieldName('object') ?? value, scope);
            return b.expr({ kind: 'segment', of, name: n.text, ...span(n) }, scope);
          }
        }
        break;
      }
      case 'boolean_operator': {
        // `os.environ.get("HUB") or "https://..."`, `base or DEFAULT`: the left value, or the right
        // as its default. An environment read takes the default as its fallback; otherwise either
        // value, the default (what the code knows) first.
        const left = n.childForFieldName('left');
        const right = n.childForFieldName('right');
        if (n.childForFieldName('operator')?.text !== 'or' || !left || !right) break;
        const l = expr(left, scope);
        const r = expr(right, scope);
        if (l.kind === 'env' && !l.fallback) return b.expr({ kind: 'env', name: l.name, fallback: r, ...span(n) }, scope);
        return b.either([r, l], span(n), scope);
      }
      case 'conditional_expression': {
        // `a if c else b`: either value.
        const [body, condition, alternative] = n.namedChildren;
        if (condition) expr(condition, scope);
        return b.either([body ? expr(body, scope) : undefined, alternative ? expr(alternative, scope) : undefined], span(n), scope);
      }
      default:
        break;
    }
    // Not a string: the walker still lowers what it holds, so calls and literals inside are seen.
    return undefined;
  }

  const targets = (left: SyntaxNode): string[] => {
    if (left.type === 'pattern_list' || left.type === 'tuple_pattern') return left.namedChildren.map((c) => dotted(c) ?? '');
    // `opts["version"] = v`, `os.environ["X"] = v`: a field, named as its read is (see `subscript`).
    const sub = left.type === 'subscript' ? left.childForFieldName('subscript') : null;
    const owner = sub?.type === 'string' ? dotted(left.childForFieldName('value')) : null;
    if (owner && sub && /^[\w-]+$/.test(sub.text.slice(1, -1))) return [`${owner}.${sub.text.slice(1, -1)}`];
    const name = dotted(left);
    return name ? [name] : [];
  };

  const assignment = (n: SyntaxNode, scope: Scope) => {
    const left = n.childForFieldName('left');
    const right = n.childForFieldName('right');
    if (!left || !right) return;
    const names = targets(left);
    if (right.type === 'expression_list' && names.length > 1) {
      right.namedChildren.forEach((c, i) => {
        if (!c) return;
        const v = expr(c, scope);
        if (names[i]) b.def(names[i], v, n.startIndex);
      });
      return;
    }
    if (names.length === 1 && n.type === 'assignment' && fields(right, names[0], scope, 0)) return;
    const v = expr(right, scope);
    if (n.type === 'augmented_assignment' && names[0]) {
      // url += "/tags": the new value is the old one extended.
      const old = b.expr({ kind: 'name', name: names[0], start: left.startIndex, end: left.endIndex }, scope);
      const joined = b.expr({ kind: 'concat', items: [old, v], ...span(n) }, scope);
      b.def(names[0], joined, n.endIndex);
      return;
    }
    if (names.length === 1) b.def(names[0], v, n.endIndex);
  };

  /**
   * A dict literal or `dict(k=v)` assigned to a name: each key is a definition of `name.key`
   * (nested: `spec.url.default`), so `endpoints["login"]` and option defaults resolve.
   */
  const fields = (n: SyntaxNode, owner: string, scope: Scope, level = 0): boolean => {
    if (level > 4) return false;
    const entries: Array<[string, SyntaxNode]> = [];
    if (n.type === 'dictionary') {
      for (const pair of n.namedChildren) {
        const key = pair?.type === 'pair' ? pair.childForFieldName('key') : null;
        const value = pair?.childForFieldName('value');
        if (key?.type === 'string' && value && /^[\w-]+$/.test(key.text.slice(1, -1))) entries.push([key.text.slice(1, -1), value]);
      }
    } else if (n.type === 'call' && n.childForFieldName('function')?.text === 'dict') {
      for (const a of n.childForFieldName('arguments')?.namedChildren ?? []) {
        const name = a?.type === 'keyword_argument' ? a.childForFieldName('name')?.text : undefined;
        const value = a?.childForFieldName('value');
        if (name && value) entries.push([name, value]);
      }
    } else {
      return false;
    }
    for (const [key, value] of entries) {
      const name = `${owner}.${key}`;
      if (!fields(value, name, scope, level + 1)) b.def(name, expr(value, scope), value.endIndex);
    }
    return true;
  };

  const params = (n: SyntaxNode, scope: Scope) => {
    for (const p of n.namedChildren) {
      if (!p) continue;
      if (p.type === 'identifier') b.addParam(scope, p.text);
      else if (p.type === 'typed_parameter') b.addParam(scope, p.namedChildren.find((c) => c?.type === 'identifier')?.text ?? '');
      else if (p.type === 'default_parameter' || p.type === 'typed_default_parameter') {
        const value = p.childForFieldName('value');
        b.addParam(scope, p.childForFieldName('name')?.text ?? '', value ? expr(value, scope) : undefined);
      } else if (p.type === 'list_splat_pattern' || p.type === 'dictionary_splat_pattern') {
        b.addParam(scope, `*${p.namedChildren[0]?.text ?? ''}`);
      }
    }
  };

  const imports = (n: SyntaxNode) => {
    if (n.type === 'import_from_statement') {
      const module = n.childForFieldName('module_name')?.text ?? '';
      if (n.namedChildren.some((c) => c?.type === 'wildcard_import')) {
        // `from m import *`: any name may be m's (the resolver asks m for it).
        b.out.wildcardImport = true;
        b.out.imports.push({ local: '*', module, name: '*' });
      }
      for (const c of n.childrenForFieldName('name')) {
        if (!c) continue;
        if (c.type === 'aliased_import') {
          b.out.imports.push({ local: c.childForFieldName('alias')?.text ?? '', module, name: c.childForFieldName('name')?.text ?? '' });
        } else {
          b.out.imports.push({ local: c.text, module, name: c.text });
        }
      }
    } else {
      for (const c of n.childrenForFieldName('name')) {
        if (!c) continue;
        const alias = c.type === 'aliased_import' ? c.childForFieldName('alias')?.text : undefined;
        const module = c.type === 'aliased_import' ? (c.childForFieldName('name')?.text ?? '') : c.text;
        b.out.imports.push({ local: alias ?? module.split('.')[0], module, name: null });
      }
    }
  };

  cx.use({ expr: exprOf, returns: ['return_statement'], concat: { types: ['binary_operator'], ops: ['+'] }, members: ['attribute'], dotted, statement: (n, scope) => {
    // Comments never reach here: the shared walker records them first.
    switch (n.type) {
      case 'function_definition': {
        const body = n.childForFieldName('body');
        const fn = openScope('function', n);
        const ps = n.childForFieldName('parameters');
        if (ps) params(ps, fn);
        return body !== null;
      }
      case 'class_definition': {
        const cls = openScope('class', n);
        // `class HubClient(RestClient)`: the first base named (not `object`, not `metaclass=`).
        const first = n.childForFieldName('superclasses')?.namedChildren.find((c) => c?.type === 'identifier' || c?.type === 'attribute');
        const base = first ? dotted(first) : null;
        if (base && base !== 'object') cls.base = base;
        return true;
      }
      case 'import_statement':
      case 'import_from_statement':
        imports(n);
        return false;
      case 'assignment':
      case 'augmented_assignment':
        assignment(n, scope);
        return false;
      case 'parameters':
      case 'decorator':
        return n.type === 'decorator';
      default:
        return undefined;
    }
  } });
  return cx.walk(tree.rootNode);
}

