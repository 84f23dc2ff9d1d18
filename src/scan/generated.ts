/**
 * Files a build writes from others, which a linter of sources leaves out by default (ESLint
 * lints the sources a bundler reads, never its output's maps): a source map (`app.js.map`,
 * `style.css.map`, `{"version":3,"sources":[…],"sourcesContent":[…],"mappings":"…"}`) repeats
 * every source file it maps in `sourcesContent`, so each call in them would be reported once
 * more, on line 1 of the map. Known by its name and its JSON shape, so a data file that happens
 * to end in `.map` is still read. (The pins scan leaves out every `.map` by name: mayPinIn.)
 * A minified bundle is not left out: it is the code a site serves, and nothing else may hold it.
 */
const MAP_NAME = /\.map$/i;
/** The head of a source map: an optional XSSI guard line (`)]}'`), then a JSON object with a source map key. */
const MAP_HEAD = /^\s*(?:\)\]\}'[^\n]*\n\s*)?\{\s*"(?:version|file|sources|sourceRoot|sourcesContent|names|mappings|sections)"\s*:/;

export function isSourceMap(path: string, text: string): boolean {
  return MAP_NAME.test(path) && MAP_HEAD.test(text.slice(0, 256)) && text.includes('"mappings"');
}
