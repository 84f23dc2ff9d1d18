import { existsSync } from 'node:fs';
import { readBoundedFile } from '../core/read-bounded.js';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { ConfigError } from '../core/errors.js';
import type { RuleSetting, Severity } from '../core/types.js';
import { parseYaml } from '../runtime/yaml-lib.js';
import { ownPackageRoot } from '../core/version.js';

export interface HublintConfig {
  include?: string[];
  exclude?: string[];
  rules?: Record<string, RuleSetting>;
  hubHosts?: string[];
  baseVariables?: string[];
  failOn?: Severity | 'none';
  maxFileSize?: string | number;
  ruleFiles?: string[];
  baseline?: string;
}

export interface LoadedConfig {
  file: string | null;
  config: HublintConfig;
}

export const CONFIG_NAMES = ['.hublint.yaml', '.hublint.yml'];

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

const SCHEMA_KEYS = ['include', 'exclude', 'rules', 'hubHosts', 'baseVariables', 'failOn', 'maxFileSize', 'ruleFiles', 'baseline'];

const TYPE_WORDS: Record<string, string> = { array: 'a list', object: 'a mapping', integer: 'a whole number', number: 'a number', string: 'a string', boolean: 'true or false' };

/**
 * The schema file as the user can open it: the installed package's schema/ file, resolved at
 * run time (relative to the working folder when it lies inside it, e.g. node_modules/hublint/…).
 */
export function schemaPath(cwd = process.cwd()): string {
  const file = join(ownPackageRoot(), 'schema', 'hublint.schema.json');
  const rel = relative(cwd, file);
  return rel.startsWith('..') || isAbsolute(rel) ? file : rel;
}

/**
 * The error to explain: ajv lists the failing branches of an `anyOf` before the `anyOf` itself
 * (maxFileSize: "must be integer", "must match pattern", then "must match a schema in anyOf");
 * the `anyOf` at the same place says what is allowed as a whole.
 */
function firstError(errors: readonly AjvError[]): AjvError {
  return errors.find((e) => e.keyword === 'anyOf' && e.instancePath === errors[0].instancePath) ?? errors[0];
}

/** Turns the validator's first error into the words a user needs: which key, what is allowed. */
function explain(error: AjvError): string {
  const key = error.instancePath.replace(/^\//, '').replace(/\//g, '.') || '(top level)';
  switch (error.keyword) {
    case 'additionalProperties':
      return error.instancePath === ''
        ? `unknown key '${String(error.params.additionalProperty)}' (allowed: ${SCHEMA_KEYS.join(', ')})`
        : `'${key}' has an unknown key '${String(error.params.additionalProperty)}'`;
    case 'enum':
      return `'${key}' must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`;
    case 'type':
      return `'${key}' must be ${TYPE_WORDS[String(error.params.type)] ?? `a ${String(error.params.type)}`}`;
    case 'pattern':
      return `'${key}' has a bad value (must match ${String(error.params.pattern)})`;
    case 'propertyNames':
      return `'${key}' has a key that is not a rule id`;
    case 'anyOf':
      return key.startsWith('rules.')
        ? `'${key}' must be one of error, warning, info, off, or { severity, docs } set to one of them`
        : `'${key}' must be a size such as 5MB`;
    default:
      return `'${key}' ${error.message ?? 'is invalid'}`;
  }
}

/** Looks for .hublint.yaml in `start` and each folder above it. */
export function findConfig(start: string): string | null {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    for (const name of CONFIG_NAMES) {
      const file = join(dir, name);
      if (existsSync(file)) return file;
    }
    if (dirname(dir) === dir) return null;
  }
}

/** Reads and checks a config file; paths in it become absolute (relative to the file). */
export async function loadConfigFile(file: string): Promise<HublintConfig> {
  const text = readBoundedFile(file, 'config').toString('utf8');
  let doc: unknown;
  try {
    doc = parseYaml(text, file, { maxAliasCount: 100, prettyErrors: false }) ?? {};
  } catch (e) {
    throw new ConfigError(`${file}: not valid YAML: ${(e as Error).message.split('\n')[0]}`);
  }
  // The precompiled validator loads only when there is a config to check.
  const { validate } = await import('./schema-validator.generated.js');
  const check = validate as unknown as ((d: unknown) => boolean) & { errors?: AjvError[] };
  if (!check(doc)) throw new ConfigError(`${file}: ${explain(firstError(check.errors!))}`, { hint: `the schema is ${schemaPath()}` });
  const config = doc as HublintConfig;
  const base = dirname(file);
  if (config.ruleFiles) config.ruleFiles = config.ruleFiles.map((f) => resolve(base, f));
  if (config.baseline) config.baseline = resolve(base, config.baseline);
  return config;
}

export async function loadConfig(cwd: string, explicit?: string): Promise<LoadedConfig> {
  const file = explicit ? resolve(cwd, explicit) : findConfig(cwd);
  if (!file) return { file: null, config: {} };
  return { file, config: await loadConfigFile(file) };
}
