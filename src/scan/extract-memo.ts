import type { Candidate } from '../core/types.js';
import type { AdapterContext } from '../extract/types.js';
import { count } from '../runtime/stage-clock.js';

/**
 * Candidates of identical vendored copies, extracted once per run. A `node_modules` tree
 * holds the same file many times over (one package at several places of the tree, a
 * library bundled into several others); an adapter's candidates depend on the text, on the
 * path (its extension, its name, a `docs/` folder …) and on what the adapter asks the
 * context (other files' constants). So a copy reuses the candidates of an earlier one only
 * when
 *
 * - both sit in a vendored folder (`node_modules/`, `vendor/`) and their paths agree from
 *   that folder's last occurrence on (`node_modules/a/node_modules/x/y.js` and
 *   `node_modules/x/y.js` are both `x/y.js`): outside such folders a path is its own key,
 *   and nothing is shared;
 * - the texts are equal (the text itself is the key, so no two different texts can meet);
 * - the first extraction asked the context nothing (a cross-file value may differ by place).
 *
 * One memo per scan (and per worker thread): it is never shared between runs, whose rules
 * and contexts may differ.
 */
export class ExtractMemo {
  private readonly byKey = new Map<string, Map<string, Candidate[]>>();

  /** The candidates of `text` at `path` through `extract`, reused from an identical copy when that is safe. */
  extract(adapter: string, path: string, text: string, ctx: AdapterContext, extract: (ctx: AdapterContext) => Candidate[]): Candidate[] {
    const key = vendoredKey(path);
    if (key === null) return extract(ctx);
    const slot = `${adapter}\u0000${key}`;
    const seen = this.byKey.get(slot)?.get(text);
    if (seen) {
      count('lint cached');
      // Callers sort and may extend candidates: each gets its own copies.
      return seen.map((c) => ({ ...c }));
    }
    const watched = watch(ctx);
    const found = extract(watched.ctx);
    if (!watched.used()) {
      let texts = this.byKey.get(slot);
      if (!texts) this.byKey.set(slot, (texts = new Map()));
      texts.set(text, found.map((c) => ({ ...c })));
    }
    return found;
  }
}

const VENDORED = /(?:^|\/)(?:node_modules|vendor)\//g;

/** The path from the last vendored folder on, or null when the path is in none. */
export function vendoredKey(path: string): string | null {
  let end = -1;
  for (const m of path.matchAll(VENDORED)) end = m.index + m[0].length;
  return end < 0 ? null : path.slice(end);
}

/**
 * The context behind a proxy that notes any call of a function reachable from it
 * (`ctx.constants.get(…)`, whatever the context holds): the extraction then depended on
 * other files and its result is not shared.
 */
function watch(ctx: AdapterContext): { ctx: AdapterContext; used: () => boolean } {
  let used = false;
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, key, receiver) {
        const value: unknown = Reflect.get(t, key, receiver);
        if (typeof value === 'function') {
          return (...args: unknown[]) => {
            used = true;
            return (value as (...a: unknown[]) => unknown).apply(t, args);
          };
        }
        return value !== null && typeof value === 'object' ? wrap(value) : value;
      },
    });
  return { ctx: wrap(ctx), used: () => used };
}
