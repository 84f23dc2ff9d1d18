/** hublint as a library: the same core the CLI uses. */
export { lint, type LintOptions, type LintResult } from './scan/run.js';
export { lintText, type LintTextOptions } from './scan/lint-file.js';
export { loadRules, loadRuleFile } from './rules/load.js';
export { builtinRules } from './rules/builtin.js';
export { compileRules } from './match/ruleset.js';
export { reporterFor, FORMATS } from './report/index.js';
export { redact } from './core/redact.js';
export { HublintError, UsageError, ConfigError } from './core/errors.js';
export type * from './core/types.js';
// The Engine API client, also importable alone as `hublint/engine`.
export * from './engine/index.js';
