import { Option, type Command } from 'commander';
import type { Rule } from '../core/types.js';
import { loadRules } from '../rules/load.js';
import { ENGINE_TABLE } from '../rules/engine-table.generated.js';
import type { EngineRule } from '../rules/engine-types.js';
import { HUBLINT_RULES } from '../rules/rule-ids.js';
import { out } from './emit.js';

function textTable(rules: readonly Rule[]): string {
  const out: string[] = [];
  for (const r of rules) {
    out.push(`${r.id}  ${r.status}${r.date ? ` ${r.date}` : ''}  ${r.severity}`);
    out.push(`  ${r.title}`);
    for (const v of r.variants) {
      const repl = v.replacement ? `${v.replacement.method} ${v.replacement.path} (${v.replacement.operation})` : `none: ${v.replacementReason}`;
      out.push(`  ${v.methods.join('|')} ${v.path}  →  ${repl}  [fix: ${v.fix.policy}]`);
    }
    out.push(`  docs: ${r.docs}`, '');
  }
  return out.join('\n');
}

/** The Engine pin rules (rules/engine-api.yaml): ids a config accepts like the Hub ones. */
function engineTable(rules: readonly EngineRule[]): string {
  return rules.map((r) => `${r.id}  engine pin  ${r.severity}\n  ${r.title}\n  docs: ${r.docs}\n`).join('\n');
}

/** hublint's own rules (src/rules/rule-ids.ts). */
function hublintTable(): string {
  return HUBLINT_RULES.map((r) => `${r.id}  hublint  ${r.severity}\n  ${r.title}\n  reported with: ${r.when}\n`).join('\n');
}

export function registerRulesCommand(program: Command): void {
  program
    .command('rules')
    .description('print the rule table (the Docker Hub API deprecation log as data)')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--rules <file>', 'add a rule file (repeatable)', (v: string, p: string[]) => [...p, v], [])
    .action(async (flags: { format: string; rules: string[] }) => {
      const rules = await loadRules(flags.rules);
      if (flags.format === 'json') out(`${JSON.stringify({ rules, engineRules: ENGINE_TABLE.rules, hublintRules: HUBLINT_RULES }, null, 2)}\n`, 'json');
      else out(`${textTable(rules)}\n${engineTable(ENGINE_TABLE.rules)}\n${hublintTable()}`);
    });
}
