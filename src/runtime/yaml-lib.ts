import { createRequire } from 'node:module';
import type * as YamlModule from 'yaml';

/**
 * The YAML parser, loaded on first use rather than when hublint starts. Through require:
 * callers may be synchronous (the pin extractors), and the CLI bundle is CommonJS run from
 * the V8 code cache, where a dynamic import() has no loader to call. yaml ships CommonJS
 * for Node, and its `import` resolves to the same file, so this is the same module.
 */
let yamlModule: typeof YamlModule | undefined;
export function yamlLib(): typeof YamlModule {
  yamlModule ??= createRequire(import.meta.url)('yaml') as typeof YamlModule;
  return yamlModule;
}
