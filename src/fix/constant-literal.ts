import type { Lexed, StringLexeme } from '../core/lexeme.js';
import { definedName } from './defined-name.js';

/** A name as a whole word at `at`: no identifier character touches it on either side. */
function wordAt(text: string, at: number, name: string): boolean {
  const word = (ch: string | undefined) => ch !== undefined && /[\w$]/.test(ch);
  return text.startsWith(name, at) && !word(text[at - 1]) && !word(text[at + name.length]);
}

/** The expression without the marks and operators around it: `${API}`, `API + ` and `. API .` are `API`. */
function bareName(expr: string): string {
  const keep = (ch: string | undefined) => ch !== undefined && /[\w]/.test(ch);
  let a = 0;
  let b = expr.length;
  while (a < b && !keep(expr[a])) a++;
  while (b > a && !keep(expr[b - 1])) b--;
  return expr.slice(a, b);
}

/** How many times the file assigns `name` (`name =`, `name :=`; not `==`, `=>` or a keyword argument). */
function assignments(text: string, name: string): number {
  let n = 0;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + name.length)) {
    if (!wordAt(text, at, name)) continue;
    let i = at + name.length;
    while (text[i] === ' ' || text[i] === '\t') i++;
    if (text[i] === ':' && text[i + 1] === '=') i++;
    if (text[i] === '=' && text[i + 1] !== '=' && text[i + 1] !== '>') n++;
  }
  return n;
}

/**
 * The one plain string literal a constant of this file is defined by (`API = "https://…/v2/repositories"`),
 * when nothing else in the file assigns it: a URL built from the constant holds that literal's
 * text where it names it, so a fix may edit the definition (every use of it checked again).
 */
export function constantLiteral(text: string, lexed: Lexed, expr: string): StringLexeme | null {
  // A splice's text may keep its marks (`${API}`, `{API}`); code between literals its operators (`API + `).
  const name = bareName(expr);
  if (!/^[A-Za-z_]\w{0,60}$/.test(name) || assignments(text, name) !== 1) return null;
  const defs = lexed.lexemes.filter((l): l is StringLexeme => l.kind === 'str' && l.parts.length === 1 && l.parts[0].kind === 'text' && definedName(text, l.parts[0].start) === name);
  return defs.length === 1 ? defs[0] : null;
}
