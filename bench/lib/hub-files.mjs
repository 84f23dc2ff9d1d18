// Issue 34, row 5: many JS files that each name the Hub (~19 KB each, a minified bundle of 17
// modules, one in four calling the Hub), each with its own namespace so that no two are the same
// text: what the scan keeps across files must not grow with how many there are.
import { minifiedBundle } from './minified-bundle.mjs';

/** `n` files, `f0.js`…: file name to text. */
export function hubFiles(n) {
  const bundle = minifiedBundle(17, 4);
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}.js`, bundle.replace(/acme|library/g, `org${i}`)]));
}
