import type { Reporter } from './types.js';

export const jsonReporter: Reporter = (findings, ctx) =>
  `${JSON.stringify({ tool: ctx.tool, findings, stats: ctx.stats }, null, 2)}\n`;
