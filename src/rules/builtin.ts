import type { Rule } from '../core/types.js';
import { HUB_RULES } from './hub-table.generated.js';

export function builtinRules(): readonly Rule[] {
  return HUB_RULES;
}
