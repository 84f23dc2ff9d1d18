import type { BuilderRoot } from '../../lower/url-builder.js';

/** The calls that make a URL `/` extends with path segments in Python (yarl, furl): lowering.ts reads the operands. */
export const PYTHON_URL_BUILDERS: readonly BuilderRoot[] = [
  { callee: 'URL', from: 0 },
  { callee: 'furl', from: 0 },
];
