import { timed } from '../../../runtime/stage-clock.js';
import { loweringOf, registerLowering } from '../../resolve/project.js';
import type { Adapter } from '../../types.js';
import { candidatesOf } from '../../lower/candidates.js';
import { parseSource, ts } from './parse.js';
import { lowerTypeScript } from './lowering.js';

// Other JS/TS files can now be read when a site needs one of their values (an imported
// constant): lowered the same way, with the grammar their extension names.
registerLowering('js', (text, file) => {
  const tree = timed('parse js', () => parseSource(file, text));
  return timed('lower js', () => lowerTypeScript(ts, tree));
});

/**
 * JS/TS/MJS/CJS/JSX/TSX: parsed with TypeScript's own parser (syntax only), lowered into the
 * shared form and resolved by the same URL resolver, arity decision and method resolver as
 * every other lowered language.
 */
export const jsAdapter: Adapter = {
  name: 'js',
  extract(path, text, ctx) {
    // Through the registered lowering: a file the pin search or another file's question lowered already is not parsed again.
    const lowered = loweringOf('js')!(text, path);
    return timed('resolve js', () => candidatesOf(lowered, path, ctx));
  },
};
