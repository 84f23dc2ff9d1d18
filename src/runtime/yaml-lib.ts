import { createRequire } from 'node:module';
import type * as YamlModule from 'yaml';
import { loadVendored } from './vendored.js';

/**
 * The YAML parser, loaded on first use rather than when hublint starts, and the one way
 * hublint's code reaches it (value imports of 'yaml' elsewhere would load the package's
 * own files beside the bundled copy). In the CLI bundle, the copy bundled into one file
 * (runtime/vendored.ts); elsewhere through require: callers may be synchronous (the pin
 * extractors), and the CLI bundle is CommonJS run from the V8 code cache, where a dynamic
 * import() has no loader to call. yaml ships CommonJS for Node, and its `import` resolves to
 * the same file, so this is the same module.
 */
let yamlModule: typeof YamlModule | undefined;
export function yamlLib(): typeof YamlModule {
  yamlModule ??= loadVendored<typeof YamlModule>('yaml') ?? (createRequire(import.meta.url)('yaml') as typeof YamlModule);
  return yamlModule;
}

type ParseOptions = Parameters<typeof YamlModule.parse>[2];

let onWarning: (line: string) => void = () => {};

/** Where YAML warnings of config and rule files go (the CLI prints them as notices). */
export function setYamlWarningHandler(handler: (line: string) => void): void {
  onWarning = handler;
}

/**
 * `yaml.parse` without its own warnings: the library would print Node `YAMLWarning` lines
 * (`%YAML 9.9`, `!!js/function` tags) to stderr itself. Here they become one notice per file,
 * in hublint's words, and parsing goes on as the library does (unknown tags stay strings).
 */
export function parseYaml(text: string, file: string, options: ParseOptions = {}): unknown {
  const { parseDocument } = yamlLib();
  const doc = parseDocument(text, { ...(options as object), logLevel: 'silent' });
  if (doc.errors.length > 0) throw doc.errors[0];
  if (doc.warnings.length > 0) {
    const said = doc.warnings.map((w) => {
      const first = w.message.split('\n')[0];
      const at = first.indexOf(' at line ');
      const line = text.slice(0, w.pos[0]).split('\n').length;
      return `${at > 0 ? first.slice(0, at) : first} (line ${line})`;
    });
    onWarning(`${file}: YAML warning, ignored: ${said.join('; ')}`);
  }
  return doc.toJS({ maxAliasCount: (options as { maxAliasCount?: number } | undefined)?.maxAliasCount });
}
