import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { ENGINE_TABLE } from '../../src/rules/engine-table.generated.js';
import { PIN_FORMS } from '../../src/rules/engine-types.js';
import { validateEngineFile } from '../../src/rules/validate-engine.js';

const FILE = join(import.meta.dirname, '..', '..', 'rules', 'engine-api.yaml');
const doc = () => parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>;

describe('rules/engine-api.yaml', () => {
  it('is what the generated table holds', () => {
    expect(validateEngineFile(doc(), 'rules/engine-api.yaml')).toEqual(ENGINE_TABLE);
  });

  it.each([
    ['17.03', '1.26', '1.12'],
    ['20.10', '1.41', '1.12'],
    ['24.0', '1.43', '1.12'],
    ['25.0', '1.44', '1.24'],
    ['28.5', '1.51', '1.24'],
    ['29.0', '1.52', '1.44'],
    ['29.2', '1.53', '1.44'],
    ['29.3', '1.54', '1.40'],
    ['29.7', '1.55', '1.40'],
  ])('Engine %s: max %s, min %s (docs/engine-api.md §1)', (engine, api, minApi) => {
    expect(ENGINE_TABLE.releases.find((r) => r.engine === engine)).toEqual({ engine, api, minApi });
  });

  it('gives every form to exactly one rule, all info in a plain scan', () => {
    expect(ENGINE_TABLE.rules.flatMap((r) => r.forms).sort()).toEqual([...PIN_FORMS].sort());
    expect(ENGINE_TABLE.rules.map((r) => r.severity)).toEqual(['info', 'info', 'info']);
  });
});

describe('validateEngineFile', () => {
  const broken = (change: (d: Record<string, unknown>) => void) => {
    const d = doc();
    change(d);
    return () => validateEngineFile(d, 'x.yaml');
  };
  const releases = (d: Record<string, unknown>) => d.releases as Array<Record<string, unknown>>;

  it('refuses an unquoted version, which YAML has already turned into a number', () => {
    expect(broken((d) => (releases(d)[0].api = 1.4))).toThrow(/x\.yaml: releases\[0\]: field 'api' must be quoted/);
    expect(broken((d) => (releases(d)[7].engine = 17.1))).toThrow(ConfigError);
  });

  it('wants releases oldest first and API versions that never go back', () => {
    expect(broken((d) => releases(d).reverse())).toThrow(/oldest first/);
    expect(broken((d) => (releases(d)[5].api = '1.20'))).toThrow(/older than/);
    expect(broken((d) => (releases(d)[5].minApi = '1.99'))).toThrow(/minApi is above api/);
  });

  it('wants each pin rule once and knows its fields', () => {
    expect(broken((d) => (d.rules as unknown[]).pop())).toThrow(/engine-daemon-min-api' exactly once/);
    expect(broken((d) => (d.extra = 1))).toThrow(/field 'extra' is not a known field/);
    expect(broken((d) => ((d.rules as Array<Record<string, unknown>>)[0].forms = ['env', 'smoke']))).toThrow(/field 'forms'/);
  });
});
