import { timed } from '../../runtime/stage-clock.js';
import { registerLowering } from '../resolve/project.js';
import type { Adapter } from '../types.js';
import { candidatesOf } from './candidates.js';
import { parseSource, ts } from './ts-parse.js';
import { lowerTypeScript } from './typescript.js';

// Other JS/TS files can now be read when a site needs one of their values (an imported
// constant): lowered the same way, with the grammar their extension names.
registerLowering('js', (text, file) => lowerTypeScript(ts, parseSource(file, text)));

/**
 * JS/TS/MJS/CJS/JSX/TSX: parsed with TypeScript's own parser (syntax only), lowered into the
 * shared form and resolved by the same URL resolver, arity decision and method resolver as
 * every other lowered language.
 */
export const jsAdapter: Adapter = {
  name: 'js',
  extract(path, text, ctx) {
    const tree = timed('parse js', () => parseSource(path, text));
    const lowered = timed('lower js', () => lowerTypeScript(ts, tree));
    return timed('resolve js', () => candidatesOf(lowered, path, ctx));
  },
};
