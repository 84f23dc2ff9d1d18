import { ConfigError } from '../core/errors.js';
import type { Severity } from '../core/types.js';
import { compareApiVersions } from '../engine/versions.js';
import { PIN_FORMS, PIN_RULE_IDS, type EngineRelease, type EngineRule, type EngineTable, type PinForm, type PinRuleId } from './engine-types.js';

type Obj = Record<string, unknown>;

const API = /^1\.\d+$/;
const ENGINE = /^\d+\.\d+(\.\d+)?$/;
const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

/** One line per problem, naming the file, the entry and the field (as validate.ts does). */
function problem(file: string, where: string, message: string): never {
  throw new ConfigError(`${file}: ${where}: ${message}`);
}

function mapping(value: unknown, file: string, where: string, allowed: readonly string[]): Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) problem(file, where, 'must be a mapping');
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) problem(file, where, `field '${key}' is not a known field (allowed: ${allowed.join(', ')})`);
  }
  return value as Obj;
}

/**
 * A version must be a quoted string of the right shape: an unquoted `1.40` arrives here as
 * the number 1.4 and an unquoted `17.10` as 17.1, so numbers are refused, not converted.
 */
function versionField(o: Obj, key: string, shape: RegExp, file: string, where: string): string {
  const v = o[key];
  if (typeof v === 'number') problem(file, where, `field '${key}' must be quoted ("${v}" as YAML read it is probably not what was written)`);
  if (typeof v !== 'string' || !shape.test(v)) problem(file, where, `field '${key}' must be a quoted version like ${shape === API ? '"1.41"' : '"20.10"'}`);
  return v;
}

function text(o: Obj, key: string, file: string, where: string): string {
  const v = o[key];
  if (typeof v !== 'string' || v.trim() === '') problem(file, where, `field '${key}' must be a non-empty string`);
  return v;
}

function releaseKey(engine: string): number[] {
  return engine.split('.').map(Number);
}

function compareEngines(a: string, b: string): number {
  const x = releaseKey(a);
  const y = releaseKey(b);
  for (let i = 0; i < 3; i++) if ((x[i] ?? -1) !== (y[i] ?? -1)) return (x[i] ?? -1) - (y[i] ?? -1);
  return 0;
}

function validateRelease(entry: unknown, i: number, file: string): EngineRelease {
  const where = `releases[${i}]`;
  const o = mapping(entry, file, where, ['engine', 'api', 'minApi']);
  const release = {
    engine: versionField(o, 'engine', ENGINE, file, where),
    api: versionField(o, 'api', API, file, where),
    minApi: versionField(o, 'minApi', API, file, where),
  };
  if (compareApiVersions(release.minApi, release.api) > 0) problem(file, `${where} (${release.engine})`, 'minApi is above api');
  return release;
}

function validateRule(entry: unknown, i: number, file: string): EngineRule {
  const o = mapping(entry, file, `rules[${i}]`, ['id', 'title', 'description', 'docs', 'severity', 'forms']);
  const where = `rules[${i}]${typeof o.id === 'string' ? ` (${o.id})` : ''}`;
  if (!PIN_RULE_IDS.includes(o.id as PinRuleId)) problem(file, where, `field 'id' must be one of ${PIN_RULE_IDS.join(', ')}`);
  if (!SEVERITIES.includes(o.severity as Severity)) problem(file, where, `field 'severity' must be one of ${SEVERITIES.join(', ')}`);
  const docs = text(o, 'docs', file, where);
  if (!/^https?:\/\//.test(docs)) problem(file, where, "field 'docs' must be an http(s) link");
  const forms = o.forms;
  if (!Array.isArray(forms) || forms.length === 0 || !forms.every((f) => PIN_FORMS.includes(f as PinForm))) {
    problem(file, where, `field 'forms' must be a non-empty list of ${PIN_FORMS.join(', ')}`);
  }
  return {
    id: o.id as PinRuleId,
    title: text(o, 'title', file, where),
    description: text(o, 'description', file, where),
    docs,
    severity: o.severity as Severity,
    forms: forms as PinForm[],
  };
}

/**
 * Checks rules/engine-api.yaml: quoted versions, releases strictly oldest first with
 * non-decreasing API versions, each pin rule once, each form owned by exactly one rule.
 */
export function validateEngineFile(doc: unknown, file: string): EngineTable {
  const top = mapping(doc, file, 'top level', ['schema', 'tooNewRejectedSince', 'releases', 'rules']);
  if (top.schema !== 1) problem(file, 'top level', "field 'schema' must be 1");
  const tooNewRejectedSince = versionField(top, 'tooNewRejectedSince', API, file, 'top level');
  if (!Array.isArray(top.releases) || top.releases.length === 0) problem(file, 'top level', "field 'releases' must be a non-empty list");
  const releases = top.releases.map((r: unknown, i: number) => validateRelease(r, i, file));
  releases.forEach((r, i) => {
    const before = releases[i - 1];
    if (!before) return;
    if (compareEngines(before.engine, r.engine) >= 0) problem(file, `releases[${i}] (${r.engine})`, `must come after ${before.engine}: oldest first, no repeats`);
    if (compareApiVersions(before.api, r.api) > 0) problem(file, `releases[${i}] (${r.engine})`, `api ${r.api} is older than ${before.engine}'s ${before.api}`);
  });
  if (!Array.isArray(top.rules)) problem(file, 'top level', "field 'rules' must be a list");
  const rules = top.rules.map((r: unknown, i: number) => validateRule(r, i, file));
  for (const id of PIN_RULE_IDS) {
    if (rules.filter((r) => r.id === id).length !== 1) problem(file, 'rules', `must define '${id}' exactly once`);
  }
  for (const form of PIN_FORMS) {
    if (rules.filter((r) => r.forms.includes(form)).length !== 1) problem(file, 'rules', `form '${form}' must belong to exactly one rule`);
  }
  return { schema: 1, tooNewRejectedSince, releases, rules };
}
