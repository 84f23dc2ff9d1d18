import { dotted, isBracket, isMember, isOp, splitArgs, type Arg, type Source } from './source.js';

/** A call that receives a value: `requests.get(url, ...)`, `HTTParty.get url`. */
export interface CallSite {
  callee: string;
  /** Token index of the callee's first token. */
  first: number;
  /** The open bracket, or -1 for a call written without parentheses. */
  open: number;
  /** The last token of the call itself (its `)`, or the last argument). */
  last: number;
  args: Arg[];
  /** Which argument holds the value. */
  at: number;
  /** The last token of the chain the call is part of (`.method("HEAD").build()`, `{ ... }`). */
  chainEnd: number;
}

// A generic argument list between a callee and its `(` (`GetFromJsonAsync<Repo>(url)`).
function skipGenerics(src: Source, end: number): number {
  if (!isOp(src.tokens[end], '>')) return end;
  for (let i = end - 1, depth = 1; i >= 0 && end - i < 16; i--) {
    if (isOp(src.tokens[i], '>')) depth++;
    else if (isOp(src.tokens[i], '<') && --depth === 0) return isOp(src.tokens[i - 1], '::') ? i - 2 : i - 1;
  }
  return end;
}

/** The first token of the callee ending at `end`, through `a.b().c` chains and `new`. */
function calleeStart(src: Source, end: number): number {
  const { tokens, pair } = src;
  let i = end;
  for (;;) {
    if (!isMember(src, tokens[i - 1])) break;
    let j = i - 2;
    if (tokens[j]?.kind === 'close' && pair[j] !== -1) j = skipGenerics(src, pair[j] - 1);
    if (tokens[j]?.kind !== 'ident') break;
    i = j;
  }
  if (tokens[i - 1]?.text === 'new') i--;
  return i;
}

/** The last token of `.x(...)`, `.y` and `{ ... }` links that follow the token at `last`. */
function chainEndAfter(src: Source, last: number): number {
  const { tokens, pair } = src;
  let end = last;
  for (;;) {
    const next = tokens[end + 1];
    if (isMember(src, next) && tokens[end + 2]?.kind === 'ident') {
      end += 2;
      if (isBracket(tokens[end + 1], '(') && pair[end + 1] !== -1) end = pair[end + 1];
    } else if (isBracket(next, '{') && pair[end + 1] !== -1 && !next.nl) end = pair[end + 1];
    else return end;
  }
}

function parenCall(src: Source, first: number): CallSite | null {
  const { tokens, parent, pair } = src;
  let arg = first;
  let p = parent[first];
  // An array of options (`curl_setopt_array($ch, [CURLOPT_URL => ...])`) belongs to its call.
  while (p !== -1 && tokens[p].text === '[') {
    arg = p;
    p = parent[p];
  }
  if (p === -1 || tokens[p].text !== '(' || pair[p] === -1) return null;
  let end = p - 1;
  if (src.spec.macroBang && isOp(tokens[end], '!')) end--;
  end = skipGenerics(src, end);
  if (tokens[end]?.kind !== 'ident') return null;
  const start = calleeStart(src, end);
  const args = splitArgs(src, p);
  const at = args.findIndex((a) => a.first <= arg && arg <= a.last);
  const kwStart = args.findIndex((a) => a.kw && a.first - 2 <= arg && arg <= a.last);
  return {
    callee: dotted(src, start, end),
    first: start,
    open: p,
    last: pair[p],
    args,
    at: at !== -1 ? at : kwStart,
    chainEnd: chainEndAfter(src, pair[p]),
  };
}

/** `HTTParty.get "https://..."`, `get $url`: the call's arguments run to the end of the line. */
function parenlessCall(src: Source, first: number): CallSite | null {
  const { tokens, parent, pair } = src;
  const end = first - 1;
  if (tokens[end]?.kind !== 'ident' || tokens[first].nl) return null;
  const start = calleeStart(src, end);
  let last = first;
  for (;;) {
    if (tokens[last].kind === 'open' && pair[last] !== -1) last = pair[last];
    const next = tokens[last + 1];
    if (!next || next.nl || next.kind === 'close' || isOp(next, ';')) break;
    last++;
  }
  const args = splitArgs(src, first - 1, last + 1, parent[first]);
  return { callee: dotted(src, start, end), first: start, open: -1, last, args, at: 0, chainEnd: last };
}

/** The call that receives the value starting at token `first`, if any. */
export function callAround(src: Source, first: number): CallSite | null {
  // A name right before the value means the value is that name's argument (`HEAD $url`).
  const bare = src.spec.parenlessCalls ? parenlessCall(src, first) : null;
  return bare ?? parenCall(src, first);
}

/** The first token of an expression once grouping parentheses around it are counted in. */
export function ungrouped(src: Source, first: number): number {
  let i = first;
  for (;;) {
    const before = src.tokens[i - 2];
    // After a name, a generic `>`, a macro `!` or another call, a parenthesis opens a call.
    const grouping = before === undefined || before.kind === 'open' || (before.kind === 'op' && !isOp(before, '>', '!'));
    if (!isBracket(src.tokens[i - 1], '(') || !grouping) return i;
    i--;
  }
}
