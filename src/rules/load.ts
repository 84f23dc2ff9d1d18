import { ConfigError } from '../core/errors.js';
import type { Rule } from '../core/types.js';
import { builtinRules } from './builtin.js';
import { validateRuleFile } from './validate.js';
import { parseYamlLocated, type LocatedYaml } from '../runtime/yaml-lib.js';
import { readBoundedFile } from '../core/read-bounded.js';

/** Reads a user rule file (same schema as rules/hub-api.yaml). YAML loads only here. */
export async function loadRuleFile(file: string): Promise<Rule[]> {
  const text = readBoundedFile(file, 'rule file').toString('utf8');
  let doc: LocatedYaml;
  try {
    doc = parseYamlLocated(text, file, { maxAliasCount: 100 });
  } catch (e) {
    throw new ConfigError(`${file}: not valid YAML: ${(e as Error).message.split('\n')[0]}`);
  }
  return validateRuleFile(doc.value, file, doc.lineOf);
}

/** The built-in table plus user rule files; a user id may not shadow a built-in one. */
export async function loadRules(files: string[] = []): Promise<Rule[]> {
  const rules = [...builtinRules()];
  const ids = new Set(rules.map((r) => r.id));
  for (const file of files) {
    for (const rule of await loadRuleFile(file)) {
      if (ids.has(rule.id)) throw new ConfigError(`${file}: rule '${rule.id}' is already defined; choose another id`);
      ids.add(rule.id);
      rules.push(rule);
    }
  }
  return rules;
}
