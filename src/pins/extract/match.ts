import { normalizeApiVersion } from '../../engine/versions.js';
import { adapterNameFor } from '../../extract/registry.js';
import { ENGINE_TABLE } from '../../rules/engine-table.generated.js';
import type { PinCandidate, PinForm, PinRuleId } from '../types.js';

/** One pin extractor: pure, (path, text) → candidates; may throw (the caller contains it). */
export type PinExtractor = (path: string, text: string) => PinCandidate[];

/** The rule that owns a form comes from rules/engine-api.yaml, not from code. */
export function ruleOf(form: PinForm): PinRuleId {
  const rule = ENGINE_TABLE.rules.find((r) => r.forms.includes(form));
  if (!rule) throw new Error(`rules/engine-api.yaml assigns form '${form}' to no rule`);
  return rule.id;
}

/** How a file is read: YAML keys go to the YAML walker, Dockerfiles have their own syntax. */
export type FileKind = 'yaml' | 'dockerfile' | 'properties' | 'markdown' | 'unlowered' | 'clojure' | 'other';

export const YAML_TEMPLATE = /\.ya?ml\.(?:tpl|tmpl|j2|jinja2?|gotmpl|erb|template|in|ftl|mustache|hbs)$/i;

export function fileKind(path: string): FileKind {
  if (/\.properties$/i.test(path)) return 'properties';
  // Code the pin data flow does not read (no lowering): Gradle's Groovy scripts, Groovy, Jenkinsfiles.
  if (/\.(?:gradle|groovy)$|(?:^|\/)Jenkinsfile$/i.test(path)) return 'unlowered';
  // Clojure has no grammar here: its option maps are read as text.
  if (/\.(?:clj[cs]?|edn)$/i.test(path)) return 'clojure';
  // A template that renders YAML (Terraform's `otel.yaml.tpl`, Ansible's `.yml.j2`, Helm's
  // `.yaml.gotmpl`): its keys are read as YAML once the template's actions are blanked (yaml.ts).
  if (YAML_TEMPLATE.test(path)) return 'yaml';
  const adapter = adapterNameFor(path);
  return adapter === 'yaml' || adapter === 'dockerfile' || adapter === 'markdown' ? adapter : 'other';
}

/** Every match of a global regex compiled with the `d` flag (group offsets). */
export function allMatches(re: RegExp, text: string): RegExpExecArray[] {
  if (!re.global || !re.hasIndices) throw new Error(`pin regex ${re} needs the g and d flags`);
  return [...text.matchAll(re)] as RegExpExecArray[];
}

/**
 * A candidate for the version in capture group `group` (`v1.41` or `1.41`); undefined
 * when the text is not a version after all.
 */
export function pinAt(m: RegExpExecArray, group: number, form: PinForm, detail: string): PinCandidate | undefined {
  const version = normalizeApiVersion(m[group] ?? '');
  const span = m.indices?.[group];
  if (version === undefined || !span) return undefined;
  return { version, form, ruleId: ruleOf(form), start: span[0], end: span[1], detail };
}

export function defined<T>(items: Array<T | undefined>): T[] {
  return items.filter((x): x is T => x !== undefined);
}
