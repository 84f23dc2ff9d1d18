#!/usr/bin/env node
// Precompiles schema/hublint.schema.json into a standalone validator, so reading a config
// never loads a JSON Schema compiler. With --check, fails when the checked-in file is stale.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const schema = JSON.parse(readFileSync(join(root, 'schema/hublint.schema.json'), 'utf8'));
const ajv = new Ajv({ code: { source: true, esm: true }, allErrors: false, strict: true });
const code = standaloneCode(ajv, ajv.compile(schema));
if (/require\(/.test(code)) throw new Error('the validator needs ajv at run time; simplify the schema');
const text = `// Generated from schema/hublint.schema.json by \`npm run gen\` — do not edit by hand.\n// @ts-nocheck\n/* eslint-disable */\n${code}\n`;
const out = join(root, 'src/config/schema-validator.generated.ts');
if (process.argv.includes('--check')) {
  if (!existsSync(out) || readFileSync(out, 'utf8') !== text) {
    console.error('src/config/schema-validator.generated.ts is stale: run `npm run gen` and commit the result');
    process.exit(1);
  }
} else if (!existsSync(out) || readFileSync(out, 'utf8') !== text) {
  writeFileSync(out, text);
  console.log('wrote src/config/schema-validator.generated.ts');
}
