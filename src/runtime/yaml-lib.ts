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
  return parseYamlLocated(text, file, options).value;
}

/** A parsed file and where its values stand: `lineOf(['rules', 0, 'id'])` is a 1-based line. */
export interface LocatedYaml {
  value: unknown;
  /** The line of the node at `path`, or of its nearest ancestor that exists. */
  lineOf(path: ReadonlyArray<string | number>): number;
}

/** parseYaml, keeping the document so that an error can name a line instead of a value. */
export function parseYamlLocated(text: string, file: string, options: ParseOptions = {}): LocatedYaml {
  const { parseDocument } = yamlLib();
  // The library's own unique-key check compares each key with every other (a mapping of
  // 40,000 keys took 173 s); uniqueKeysOnce does it with a set.
  const doc = parseDocument(text, { ...(options as object), uniqueKeys: false, logLevel: 'silent' });
  if (doc.errors.length > 0) throw doc.errors[0];
  uniqueKeysOnce(doc, text);
  if (doc.warnings.length > 0) {
    const said = doc.warnings.map((w) => {
      const first = w.message.split('\n')[0];
      const at = first.indexOf(' at line ');
      const line = text.slice(0, w.pos[0]).split('\n').length;
      return `${at > 0 ? first.slice(0, at) : first} (line ${line})`;
    });
    onWarning(`${file}: YAML warning, ignored: ${said.join('; ')}`);
  }
  const value = doc.toJS({ maxAliasCount: (options as { maxAliasCount?: number } | undefined)?.maxAliasCount }) as unknown;
  const lineOf = (path: ReadonlyArray<string | number>): number => {
    for (let n = path.length; n >= 0; n--) {
      const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
      const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
      if (range) return text.slice(0, range[0]).split('\n').length;
    }
    return 1;
  };
  return { value, lineOf };
}

/** A repeated key in any mapping is an error, as the library says it ("Map keys must be unique"), found in linear time. */
function uniqueKeysOnce(doc: YamlModule.Document, text: string): void {
  const { visit, isScalar } = yamlLib();
  visit(doc, {
    Map(_key, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        const k = pair.key;
        const id = isScalar(k) ? `${typeof k.value}:${String(k.value)}` : k === null || k === undefined ? 'null:' : undefined;
        if (id === undefined) continue;
        if (seen.has(id)) {
          const pos = isScalar(k) && k.range ? k.range[0] : 0;
          const line = text.slice(0, pos).split('\n').length;
          throw new Error(`Map keys must be unique at line ${line}`);
        }
        seen.add(id);
      }
    },
  });
}
