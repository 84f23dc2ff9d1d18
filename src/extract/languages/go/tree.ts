import type { TreeSpec } from '../../lower/adapter.js';

const PACKAGE_CLAUSE = /^[ \t]*package[ \t]/m;
const NO_PACKAGE = { test: (text: string) => !PACKAGE_CLAUSE.test(text) };

/** go's tree-sitter grammar and lowering. */
export const goTree: TreeSpec = {
  name: 'go',
  grammar: 'go',
  lower: () => import('./lowering.js').then((m) => m.lowerGo),
  // A snippet without a `package` clause, then one with statements outside any function.
  wraps: [
    { when: NO_PACKAGE, before: 'package snippet\n', after: '' },
    { when: NO_PACKAGE, before: 'package snippet\nfunc snippet() {\n', after: '\n}\n' },
  ],
};
