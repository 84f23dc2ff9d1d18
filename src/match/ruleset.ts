import { HUB_API_HOST } from '../core/hub-hosts.js';
import type { Rule, RuleVariant } from '../core/types.js';
import { compileTemplate, type PathTemplate } from './template.js';

export interface CompiledVariant {
  rule: Rule;
  variant: RuleVariant;
  template: PathTemplate;
  hosts: Set<string>;
  anyMethod: boolean;
}

export interface RuleSetOptions {
  /** More host names that serve the Hub API (a proxy, a mirror): added where hub.docker.com is. */
  extraHubHosts?: string[];
  /** Variable names whose value is a Hub base URL (`HUB_API`): a hole with that name is a Hub host. */
  hubBaseVariables?: string[];
}

export interface RuleSet {
  rules: readonly Rule[];
  variants: CompiledVariant[];
  baseVariables: Set<string>;
  byId: Map<string, Rule>;
}

export function compileRules(rules: readonly Rule[], options: RuleSetOptions = {}): RuleSet {
  const extra = (options.extraHubHosts ?? []).map((h) => h.toLowerCase());
  const variants = rules.flatMap((rule) =>
    rule.variants.map((variant): CompiledVariant => {
      const hosts = new Set(variant.hosts);
      if (hosts.has(HUB_API_HOST)) extra.forEach((h) => hosts.add(h));
      return { rule, variant, template: compileTemplate(variant.path), hosts, anyMethod: variant.methods.includes('*') };
    }),
  );
  return {
    rules,
    variants,
    baseVariables: new Set((options.hubBaseVariables ?? []).map((v) => v.toLowerCase())),
    byId: new Map(rules.map((r) => [r.id, r])),
  };
}
