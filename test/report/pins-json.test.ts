import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hublint } from '../helpers/cli.js';

const ROOT = join(import.meta.dirname, '..', '..');
/**
 * The JSON output of the pin fixtures as it was before pins became a typed field of
 * Finding (`family`, `pin`): what `merge`, baselines and users read. The typed field is
 * flattened back into this shape at the edge (report/finding-json.ts); any change to the
 * JSON of a pin, its key order included, fails here. Only `durationMs` differs per run.
 */
const GOLDEN = JSON.parse(readFileSync(join(import.meta.dirname, 'pins-json.golden.json'), 'utf8')) as Record<string, { stats: Record<string, unknown> }>;

function json(args: string[]): string {
  const run = hublint(args, { cwd: ROOT });
  const out = JSON.parse(run.stdout) as { stats: Record<string, unknown> };
  delete out.stats.durationMs;
  return JSON.stringify(out, null, 1);
}

describe('JSON output of pins', () => {
  it.each([
    ['pins', ['pins', 'fixtures/pins', '-f', 'json']],
    ['check', ['engine', 'check', '--engine', '24.0,29.0', 'fixtures/pins', '-f', 'json']],
    ['scan', ['fixtures/pins', '-f', 'json']],
  ])('hublint %s keeps its shape, key order included', (name, args) => {
    expect(json(args)).toBe(JSON.stringify(GOLDEN[name], null, 1));
  });
});
