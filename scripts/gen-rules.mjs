#!/usr/bin/env node
// Writes src/rules/*.generated.ts from rules/*.yaml. With --check, fails (exit 1) when the
// checked-in files differ from what the YAML gives. Runs on the built validator (dist/).
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { validateRuleFile } from '../dist/rules/validate.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const banner = '// Generated from rules/*.yaml by `npm run gen` — do not edit by hand.\n';

const outputs = [];
{
  const file = 'rules/hub-api.yaml';
  const rules = validateRuleFile(parse(readFileSync(join(root, file), 'utf8')), file);
  outputs.push({
    path: 'src/rules/hub-table.generated.ts',
    text: `${banner}import type { Rule } from '../core/types.js';\n\nexport const HUB_RULES: readonly Rule[] = ${JSON.stringify(rules, null, 2)};\n`,
  });
}
const engineFile = join(root, 'rules/engine-api.yaml');
if (existsSync(engineFile)) {
  const { validateEngineFile } = await import('../dist/rules/validate-engine.js');
  const table = validateEngineFile(parse(readFileSync(engineFile, 'utf8')), 'rules/engine-api.yaml');
  outputs.push({
    path: 'src/rules/engine-table.generated.ts',
    text: `${banner}import type { EngineTable } from './engine-types.js';\n\nexport const ENGINE_TABLE: EngineTable = ${JSON.stringify(table, null, 2)};\n`,
  });
}

let stale = 0;
for (const { path, text } of outputs) {
  const full = join(root, path);
  const current = existsSync(full) ? readFileSync(full, 'utf8') : '';
  if (current === text) continue;
  if (check) {
    console.error(`${path} is stale: run \`npm run gen\` and commit the result`);
    stale++;
  } else {
    writeFileSync(full, text);
    console.log(`wrote ${path}`);
  }
}
process.exit(stale ? 1 : 0);
