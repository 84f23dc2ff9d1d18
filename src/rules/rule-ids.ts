import type { Rule } from '../core/types.js';
import { ENGINE_TABLE } from './engine-table.generated.js';

/**
 * Every rule id a config may name under `rules:`: the Hub rules loaded (hublint's own and the
 * user's rule files) and the Engine pin rules of rules/engine-api.yaml. `hublint rules` and the
 * "unknown rule" error both list exactly these.
 */
export function configurableRuleIds(rules: readonly Rule[]): string[] {
  return [...rules.map((r) => r.id), ...ENGINE_TABLE.rules.map((r) => r.id)];
}
