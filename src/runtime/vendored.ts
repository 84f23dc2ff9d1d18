import { join } from 'node:path';
import { requireWithCodeCache } from './compile-cache.js';

/**
 * The folder of the dependencies that scripts/bundle.mjs bundles into one CommonJS file each,
 * next to the CLI bundle; defined by the bundle's banner, so undefined when hublint runs from
 * its ES modules (a library user, the tests).
 */
declare const __hublintVendorDir: string | undefined;

/**
 * A dependency from its one-file bundle, compiled through the V8 code cache: `yaml` from its
 * 90 CommonJS files took a scan ~60 ms to resolve, read and compile, against ~13 ms so.
 * Undefined outside the CLI bundle, or when the file is missing: the caller then requires the
 * package as usual.
 */
export function loadVendored<T>(name: string): T | undefined {
  if (typeof __hublintVendorDir !== 'string') return undefined;
  try {
    return requireWithCodeCache<T>(join(__hublintVendorDir, `${name}.js`)).exports;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
