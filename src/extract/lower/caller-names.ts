import { arityOf } from './arity.js';
import type { Piece, Pieces, Program } from './evaluate.js';
import type { Expr, Scope } from './form.js';

/** Callers' names read for one placeholder, at most. */
const MAX_CALLER_NAMES = 8;

/**
 * The names of what callers pass for a parameter, which the parameter's own name may not tell
 * (`Single(ctx, image)` for `ownerAndName`; `image_path(self.account)` for `ref`): this file's
 * calls, and (when the project is known) the calls of other files that reach the function,
 * a method through its class or Go type on any receiver. Asked only for a placeholder in the
 * `{namespace}/{repository}` slot, so the project is read for the sites that need it.
 */
export function callerNamesOf(p: Program, h: Extract<Piece, { hole: string }>): string[] {
  const read = p.namesByName.get(h.hole)?.find((x) => x.start === h.start && x.end === h.end);
  const fn = read ? p.paramScope(h.hole, read) : undefined;
  const param = fn?.params.find((x) => x.name === h.hole);
  if (!fn || !param || !fn.name) return [];
  const out: string[] = [];
  for (const call of p.callsOf(fn)) {
    const name = nameOf(p.argFor(call, fn, h.hole));
    if (name) out.push(name);
    if (out.length >= MAX_CALLER_NAMES) return out;
  }
  const owner = ownerOf(fn);
  // A Go method's receiver and a Python method's `self` are never passed.
  const skip = fn.params[0]?.name.startsWith('recv:') || (fn.parent?.kind === 'class' && /^(?:self|cls)$/.test(fn.params[0]?.name ?? '')) ? 1 : 0;
  const asked = p.project.callArguments?.({ file: p.file, language: p.lowered.language, name: fn.name, index: param.index - skip, param: param.name, owner });
  for (const v of asked ?? []) {
    const only = v.pieces.length === 1 ? v.pieces[0] : undefined;
    if (v.name) out.push(v.name.replace(/^[*&$@]+/, ''));
    if (only && 'hole' in only && /^[\w$.]+$/.test(only.hole) && only.hole !== v.name) out.push(only.hole);
    if (out.length >= MAX_CALLER_NAMES) break;
  }
  return out;
}

/** A name an argument is written as (`image`, `opts.account`, `*team`), else undefined. */
function nameOf(e: Expr | undefined): string | undefined {
  return e?.kind === 'name' ? e.name.replace(/^[*&$@]+/, '') : undefined;
}

/** The class or Go receiver type a method belongs to, when it is one. */
function ownerOf(fn: Scope): string | undefined {
  if (fn.receiver) return fn.receiver;
  if (fn.parent?.kind === 'class' && fn.parent.name && fn.name !== 'constructor' && fn.name !== '__init__') return fn.parent.name;
  return undefined;
}

/**
 * The pieces with the callers' names attached to each placeholder in the `{namespace}` slot
 * (right after `repositories/`) that neither its values nor its own name decide (arity.ts).
 */
export function withCallerNames(p: Program, pieces: Pieces): Pieces {
  return pieces.map((x, i) => {
    const before = pieces[i - 1];
    if (!('hole' in x) || x.callers || !before || !('text' in before) || !before.text.endsWith('repositories/') || arityOf(x).segments !== null) return x;
    return { ...x, callers: callerNamesOf(p, x) };
  });
}
