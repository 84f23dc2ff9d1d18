import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Set by scripts/bundle.mjs in the bundled CLI: no package.json to find and read on every start. */
declare const __hublintVersion: string | undefined;

let cached: string | undefined;

/** hublint's own package.json: the nearest one above this module (dist/, dist/bin/ or src/). */
function ownPackageJson(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === 'hublint') return file;
    if (dirname(dir) === dir) throw new Error('hublint: cannot find its own package.json');
  }
}

/** The folder hublint is installed in (the package root: its schema/ and rules/ are there). */
export function ownPackageRoot(): string {
  return dirname(ownPackageJson());
}

/** hublint's own version, read from its package.json. */
export function toolVersion(): string {
  cached ??= typeof __hublintVersion === 'string' ? __hublintVersion : (JSON.parse(readFileSync(ownPackageJson(), 'utf8')) as { version: string }).version;
  return cached;
}

export const TOOL_NAME = 'hublint';
