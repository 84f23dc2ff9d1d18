import { ConfigError } from '../core/errors.js';
import type { FixPolicy, Rule, RuleVariant, Severity, Status } from '../core/types.js';

const STATUSES: Status[] = ['deprecated', 'removed', 'legacy'];
const SEVERITIES: Severity[] = ['error', 'warning', 'info'];
const POLICIES: FixPolicy[] = ['safe', 'unsafe', 'none'];
/** A rule id (kebab-case), as a rule file must give it and every report writes it. */
export const RULE_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const ID = RULE_ID;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const METHOD = /^([A-Z]+|\*)$/;

/** Default severity by status: removed calls fail today, the others will. */
export function defaultSeverity(status: Status): Severity {
  return status === 'removed' ? 'error' : 'warning';
}

type Obj = Record<string, unknown>;

/** Where a value stands in the parsed file: a 1-based line (see parseYamlLocated). */
export type LineOf = (path: ReadonlyArray<string | number>) => number;

/**
 * An entry of the rule file, for messages. A message names the file, the line and the key,
 * never a value: a file given to --rules may not be hublint's, and may hold anything.
 */
class Where {
  constructor(
    readonly file: string,
    readonly entry: string,
    readonly path: ReadonlyArray<string | number>,
    readonly lineOf?: LineOf,
  ) {}
  fail(field: string, problem: string): never {
    const keys = field.split(/[.[\]]+/).filter(Boolean).map((k) => (/^\d+$/.test(k) ? Number(k) : k));
    const line = this.lineOf ? `:${this.lineOf([...this.path, ...keys])}` : '';
    throw new ConfigError(`${this.file}${line}: ${this.entry}: field '${field}' ${problem}`);
  }
}

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(o: Obj, key: string, at: Where, optional = false): string | undefined {
  const v = o[key];
  if (v === undefined && optional) return undefined;
  if (typeof v !== 'string' || v.trim() === '') at.fail(key, 'must be a non-empty string');
  return v;
}

function oneOf<T extends string>(o: Obj, key: string, allowed: readonly T[], at: Where): T {
  const v = o[key];
  if (typeof v !== 'string' || !allowed.includes(v as T)) at.fail(key, `must be one of ${allowed.join(', ')}`);
  return v as T;
}

function onlyKeys(o: Obj, allowed: string[], at: Where, prefix = ''): void {
  for (const key of Object.keys(o)) {
    if (!allowed.includes(key)) at.fail(prefix + key, `is not a known field (allowed: ${allowed.join(', ')})`);
  }
}

function validatePathTemplate(path: string, field: string, at: Where): void {
  if (!path.startsWith('/')) at.fail(field, 'must start with /');
  for (const seg of path.split('/').slice(1)) {
    if (seg === '') at.fail(field, 'must not contain empty segments or end with /');
    if (/[{}]/.test(seg) && !/^\{[a-z][a-zA-Z0-9]*\}$/.test(seg)) at.fail(field, 'has a bad placeholder segment (a whole segment {name})');
  }
}

function validateVariant(v: unknown, i: number, hostSets: Record<string, string[]>, at: Where): RuleVariant {
  const f = `variants[${i}].`;
  if (!isObj(v)) at.fail(`variants[${i}]`, 'must be a mapping');
  onlyKeys(v, ['methods', 'hosts', 'path', 'replacement', 'replacementReason', 'fix'], at, f);
  const methods = v.methods;
  if (!Array.isArray(methods) || methods.length === 0 || !methods.every((m) => typeof m === 'string' && METHOD.test(m))) {
    at.fail(f + 'methods', "must be a non-empty list of upper-case HTTP methods or '*'");
  }
  let hosts: string[];
  if (typeof v.hosts === 'string') {
    const set = hostSets[v.hosts];
    if (!set) at.fail(f + 'hosts', 'names a host set that hostSets does not define');
    hosts = set;
  } else if (Array.isArray(v.hosts) && v.hosts.length > 0 && v.hosts.every((h) => typeof h === 'string' && h.length > 0)) {
    hosts = (v.hosts as string[]).map((h) => h.toLowerCase());
  } else {
    at.fail(f + 'hosts', 'must be a host-set name or a non-empty list of host names');
  }
  const path = str(v, 'path', at)!;
  validatePathTemplate(path, f + 'path', at);
  let replacement: RuleVariant['replacement'] = null;
  let replacementReason: string | undefined;
  if (v.replacement === null) {
    replacementReason = str(v, 'replacementReason', at, true);
    if (!replacementReason) at.fail(f + 'replacementReason', 'is required when replacement is null');
  } else if (isObj(v.replacement)) {
    const r = v.replacement;
    onlyKeys(r, ['operation', 'method', 'path'], at, f + 'replacement.');
    const method = str(r, 'method', at)!;
    if (!/^[A-Z]+$/.test(method)) at.fail(f + 'replacement.method', 'must be an upper-case HTTP method');
    const rpath = str(r, 'path', at)!;
    validatePathTemplate(rpath, f + 'replacement.path', at);
    replacement = { operation: str(r, 'operation', at)!, method, path: rpath };
  } else {
    at.fail(f + 'replacement', 'must be a mapping {operation, method, path} or null with replacementReason');
  }
  if (!isObj(v.fix)) at.fail(f + 'fix', 'must be a mapping {policy, note}');
  onlyKeys(v.fix, ['policy', 'note'], at, f + 'fix.');
  const policy = oneOf(v.fix, 'policy', POLICIES, at);
  const note = str(v.fix, 'note', at)!;
  if (policy !== 'none' && replacement === null) at.fail(f + 'fix.policy', "must be 'none' when there is no replacement");
  const out: RuleVariant = { methods: methods as string[], hosts, path, replacement, fix: { policy, note } };
  if (replacementReason) out.replacementReason = replacementReason;
  return out;
}

/**
 * Checks a parsed rule file and returns its rules with host sets expanded and severities
 * defaulted. Every problem is one line naming the file, the entry and the field.
 */
export function validateRuleFile(doc: unknown, file: string, lineOf?: LineOf): Rule[] {
  const top: Where = new Where(file, 'top level', [], lineOf);
  if (!isObj(doc)) top.fail('rules', 'is missing: the file must be a mapping with a rules list');
  onlyKeys(doc, ['schema', 'hostSets', 'rules'], top);
  if (doc.schema !== undefined && doc.schema !== 1) top.fail('schema', 'must be 1');
  const hostSets: Record<string, string[]> = {};
  if (doc.hostSets !== undefined) {
    if (!isObj(doc.hostSets)) top.fail('hostSets', 'must be a mapping of name to host list');
    for (const [name, hosts] of Object.entries(doc.hostSets)) {
      if (!Array.isArray(hosts) || !hosts.every((h) => typeof h === 'string')) top.fail(`hostSets.${name}`, 'must be a list of host names');
      hostSets[name] = (hosts as string[]).map((h) => h.toLowerCase());
    }
  }
  if (!Array.isArray(doc.rules) || doc.rules.length === 0) top.fail('rules', 'must be a non-empty list');
  const seen = new Set<string>();
  return doc.rules.map((entry: unknown, i: number): Rule => {
    const id = isObj(entry) && typeof entry.id === 'string' ? entry.id : undefined;
    // The id is shown once it is one (kebab-case): anything else may be any text.
    const at: Where = new Where(file, `rules[${i}]${id && ID.test(id) ? ` (${id})` : ''}`, ['rules', i], lineOf);
    if (!isObj(entry)) at.fail('id', 'is missing: each rule must be a mapping');
    onlyKeys(entry, ['id', 'status', 'date', 'dateNote', 'title', 'description', 'docs', 'migration', 'severity', 'variants'], at);
    if (!id || !ID.test(id)) at.fail('id', 'must be a kebab-case identifier');
    if (seen.has(id)) at.fail('id', 'repeats the id of an earlier rule: rule ids are unique');
    seen.add(id);
    const status = oneOf(entry, 'status', STATUSES, at);
    const date = entry.date;
    if (date !== null && (typeof date !== 'string' || !ISO_DATE.test(date) || Number.isNaN(Date.parse(date)))) {
      at.fail('date', 'must be an ISO date (YYYY-MM-DD) or null');
    }
    const severity = entry.severity === undefined ? defaultSeverity(status) : oneOf(entry, 'severity', SEVERITIES, at);
    const docs = str(entry, 'docs', at)!;
    if (!/^https?:\/\//.test(docs)) at.fail('docs', 'must be an http(s) link');
    if (!Array.isArray(entry.variants) || entry.variants.length === 0) at.fail('variants', 'must be a non-empty list');
    const rule: Rule = {
      id,
      status,
      date: date as string | null,
      title: str(entry, 'title', at)!,
      description: str(entry, 'description', at)!,
      docs,
      migration: str(entry, 'migration', at)!,
      severity,
      variants: entry.variants.map((v: unknown, j: number) => validateVariant(v, j, hostSets, at)),
      source: file,
    };
    const dateNote = str(entry, 'dateNote', at, true);
    if (dateNote) rule.dateNote = dateNote;
    return rule;
  });
}
