import type { Rule } from '../core/types.js';
import { ENGINE_TABLE } from './engine-table.generated.js';

/**
 * Every rule id a config may name under `rules:`: the Hub rules loaded (hublint's own and the
 * user's rule files) and the Engine pin rules of rules/engine-api.yaml. `hublint rules` and the
 * "unknown rule" error both list exactly these.
 */
export function configurableRuleIds(rules: readonly Rule[]): string[] {
  return [...rules.map((r) => r.id), ...ENGINE_TABLE.rules.map((r) => r.id), ...HUBLINT_RULES.map((r) => r.id)];
}

/**
 * Rules about hublint's own directives rather than an API: reported like the others, so a
 * config may set their severity (ESLint's reportUnusedDisableDirectives: "error").
 */
export const HUBLINT_RULES = [
  {
    id: 'unused-disable-directive',
    severity: 'warning',
    title: 'A hublint-disable directive suppresses nothing, or names a rule that does not exist',
    // Reported with --report-unused-disable, or when the config sets its severity (not off).
    when: '--report-unused-disable, or a severity under rules:',
  },
] as const;
