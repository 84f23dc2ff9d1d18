import { isPrintName, shellMessage } from '../langs/messages.js';
import { isLinkKey, isPageLink } from '../langs/page-links.js';
import type { Expr, Scope } from './form.js';
import type { Program } from './evaluate.js';

/** A string's text, a value read into it standing as one word; other expressions one word. */
function textOf(e: Expr): string {
  return e.kind === 'str' ? e.parts.map((x) => ('text' in x ? x.text : 'x')).join('') : 'x';
}

/**
 * Whether `root` is only shown to a person (langs/messages.ts): an argument of a print, log or
 * error call that is no function of this file, or of one that only prints (`log() { echo
 * "[$(date)] $*"; }`); a local `log()` that sends what it is given is followed as any other
 * function. Shell's echo and printf print values too: there only a message counts.
 */
export function printedOnly(p: Program, root: Expr): boolean {
  if (root.use.kind !== 'arg' || root.use.keyword) return false;
  const { call, index } = root.use;
  const local = p.targetsOf(call);
  // A function of this file that only prints, whatever its name (`note() { echo "…$*" >&2; }`):
  // its words are a message when they are more than a value it may hand on.
  if (local.length > 0) return local.every((fn) => onlyPrints(p, fn)) && shellMessage('echo', call.args.map(textOf), index);
  if (!isPrintName(call.name)) return false;
  if (p.lowered.language !== 'bash') return true;
  return shellMessage(call.name, call.args.map(textOf), index);
}

/** A function of this file whose calls all print (or read the clock): a logger. */
function onlyPrints(p: Program, fn: Scope): boolean {
  const calls = p.lowered.calls.filter((c) => c.scope === fn);
  return calls.some((c) => isPrintName(c.name)) && calls.every((c) => isPrintName(c.name) || /^(?:date|tput|printf|sprintf|format|strftime|now)$/i.test(c.name));
}

/**
 * Whether `root` is a page link of a recorded list answer written as an object literal
 * (langs/page-links.ts): a field of the object, or a dict assigned to a name, whose keys the
 * lowering keeps as definitions of `name.key`.
 */
export function pageLinkField(p: Program, root: Expr): boolean {
  if (root.use.kind === 'part' && root.use.of.kind === 'object') {
    const { fields } = root.use.of;
    const key = [...fields].find(([, v]) => v === root)?.[0];
    return key !== undefined && isPageLink(key, fields.keys());
  }
  if (root.use.kind !== 'def') return false;
  const name = root.use.def.name;
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || !isLinkKey(name.slice(dot + 1))) return false;
  const owner = name.slice(0, dot + 1);
  return isPageLink(name.slice(dot + 1), p.lowered.defs.filter((d) => d.name.startsWith(owner)).map((d) => d.name.slice(owner.length)));
}
