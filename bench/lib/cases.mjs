// The files of the pre-commit cases, shared by run.mjs and profile.mjs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Ten real files of the corpus without a Hub host: what a typical commit stages. */
export const CLEAN_FILES = [
  'lodash/debounce.js',
  'lodash/package.json',
  'rxjs/src/internal/Observable.ts',
  'rxjs/src/internal/Subject.ts',
  'date-fns/format.js',
  'date-fns/format.d.ts',
  'eslint/lib/linter/linter.js',
  'webpack/lib/Compiler.js',
  '@babel/core/lib/index.js',
  'moment/README.md',
].map((p) => `copy-1/node_modules/${p}`);

const HUB = /hub\.docker\.com|index\.docker\.io|hub%2Edocker%2Ecom/i;

export function precommitFiles(tree) {
  for (const f of CLEAN_FILES) {
    if (HUB.test(readFileSync(join(tree.root, f), 'utf8'))) throw new Error(`pre-commit clean file ${f} names a Hub host`);
  }
  const planted = (ext) => [...new Set(tree.planted.filter((p) => p.ext === ext && p.file.startsWith('copy-1/')).map((p) => p.file))];
  // Five planted .js and five planted .ts files: every one has findings.
  return { clean: CLEAN_FILES, withFindings: [...planted('js').slice(0, 5), ...planted('ts').slice(0, 5)] };
}
