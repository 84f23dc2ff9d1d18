import type { Node, Pair, Scalar, YAMLMap } from 'yaml';
import type { Candidate } from '../../../core/types.js';
import { yamlLib } from '../../../runtime/yaml-lib.js';
import { BASE_KEYS, METHOD_KEYS, PATH_KEYS, configReading, hostlessHubPath, hubOriginOf, isAbsoluteUrl, joinBase } from '../../config-url.js';
import { importsOf } from '../../shell/adapter.js';
import { scanString } from '../../shell/embedded.js';
import { programCandidates } from '../../shell/embedded-program.js';
import { binding, CandidateSink, ShellEnv } from '../../shell/env.js';
import { expandText } from '../../shell/expand.js';
import type { Mapped } from '../../shell/mapped.js';
import { powershellSession, runPowerShell } from '../powershell/adapter.js';
import { explicitMethod, type Request } from '../../shell/request.js';
import { SHELL_TOOLS, ShellSession, type Embedded } from '../../shell/session.js';
import type { Adapter } from '../../types.js';
import { alignScalar } from './align.js';
import { SHELL_KEYS } from './scripts.js';
import { templateHoles, withoutTemplateLines } from './templates.js';
import { isLinkKey, isPageLink } from '../../langs/page-links.js';
import { expandPlaceholders, settingKey, type Settings } from '../../langs/spring-placeholders.js';

const { Lexer, isAlias, isMap, isScalar, isSeq, parseAllDocuments } = yamlLib();

const POWERSHELL_KEYS = new Set(['pwsh', 'powershell']);
// CI variables for the scripts below them: GitHub Actions `env`, GitLab CI `variables`.
const ENV_KEYS = new Set(['env', 'variables']);
const ARGV_TOOLS = new Set([...Object.keys(SHELL_TOOLS), 'sh', 'bash']);

interface Frame {
  node: unknown;
  env: ShellEnv;
  base: string | null;
  /** The key this node is the value of. */
  key: string;
}

type Method = Pick<Request, 'method' | 'methodSource'>;

function stringScalar(node: unknown): node is Scalar<string> {
  return isScalar(node) && typeof node.value === 'string';
}

function keyOf(pair: Pair): string {
  return isScalar(pair.key) ? String(pair.key.value) : '';
}

class YamlWalker {
  readonly sink = new CandidateSink();

  /** The Hub origin host-less Hub paths of this file are joined to (see split-url.ts). */
  private readonly origin: string | null;

  constructor(
    private readonly text: string,
    private readonly imports: (name: string) => string | undefined,
    /** Heredocs of interpreters in scripts (`python3 - <<'PY'`) read in their language. */
    private readonly embedded?: Embedded,
  ) {
    this.origin = hubOriginOf(text);
  }

  /** The document's settings by their dotted keys, for Spring placeholders (`${hub.base}/users/login`). */
  private settings: Settings = () => undefined;

  /** A string value: the URLs in it, or the Hub path it holds without a host. */
  private value(node: Scalar<string>, method: Method | undefined, env: ShellEnv): void {
    const value = this.mapped(node);
    this.add(scanString(value, method, env));
    this.add(hostlessHubPath(value, this.origin, method));
    const joined = value.text.includes('${') ? expandPlaceholders(value, this.settings) : value;
    // No request in sight: a route that answers one method only is that method's (match-candidate.ts).
    if (joined !== value) this.add(scanString(joined, method, env).filter((c) => c.rebuilt).map((c) => ({ ...c, routeMethod: !method })));
  }

  private mapped(node: Scalar<string>): Mapped {
    return templateHoles(alignScalar(this.text, node));
  }

  private add(cs: Candidate[]): void {
    cs.forEach((c) => this.sink.add(c));
  }

  /** Iterative: a deeply nested document costs heap, not call stack. Aliases are not followed. */
  walk(root: unknown, env: ShellEnv): void {
    this.settings = this.text.includes('${') ? this.settingsOf(root) : () => undefined;
    const stack: Frame[] = [{ node: root, env, base: null, key: '' }];
    for (let f = stack.pop(); f; f = stack.pop()) {
      const { node } = f;
      if (isAlias(node) || node === null || node === undefined) continue;
      if (stringScalar(node)) this.value(node, undefined, f.env);
      else if (isSeq(node)) {
        if (!this.argv(node.items, f.env)) for (let i = node.items.length - 1; i >= 0; i--) stack.push({ ...f, node: node.items[i], key: '' });
      } else if (isMap(node)) this.map(node, f, stack);
    }
  }

  /** Every string value of a document under its dotted key (`registry.hub.endpoint`); lists and aliases are not keys. */
  private settingsOf(root: unknown): Settings {
    const out = new Map<string, Mapped>();
    const stack: Array<{ node: unknown; key: string }> = [{ node: root, key: '' }];
    for (let f = stack.pop(); f; f = stack.pop()) {
      if (stringScalar(f.node) && f.key) out.set(settingKey(f.key), this.mapped(f.node));
      else if (isMap(f.node)) for (const p of f.node.items) if (isScalar(p.key)) stack.push({ node: p.value, key: f.key ? `${f.key}.${keyOf(p)}` : keyOf(p) });
    }
    return (key) => out.get(key);
  }

  /** `[curl, -I, URL]` (a compose healthcheck, a Kubernetes command): one command line. */
  private argv(items: unknown[], env: ShellEnv): boolean {
    if (!items.length || !items.every(stringScalar)) return false;
    const words = (items as Scalar<string>[]).map((n) => ({ value: this.mapped(n), uses: [] }));
    const start = words[0].value.text === 'CMD' ? 1 : 0;
    const tool = words[start]?.value.text.replace(/^.*\//, '');
    if (!tool || !ARGV_TOOLS.has(tool)) return false;
    new ShellSession(this.sink, env, { imports: this.imports, embedded: this.embedded }).command(words.slice(start));
    return true;
  }

  private map(node: YAMLMap, f: Frame, stack: Frame[]): void {
    const pairs = node.items.filter((p) => isScalar(p.key));
    const find = (keys: Set<string>) => pairs.find((p) => keys.has(keyOf(p).toLowerCase()) && stringScalar(p.value));
    let env = f.env;
    for (const p of pairs) if (ENV_KEYS.has(keyOf(p)) && isMap(p.value)) env = this.variables(p.value, env);
    const m = find(METHOD_KEYS);
    const method: Method | undefined = m ? explicitMethod((m.value as Scalar<string>).value.trim()) : undefined;
    const path = find(PATH_KEYS);
    const ownBase = pairs.find((p) => p !== path && BASE_KEYS.has(keyOf(p).toLowerCase()) && stringScalar(p.value) && isAbsoluteUrl(p.value.value));
    const base = ownBase ? (ownBase.value as Scalar<string>).value : f.base;
    const pathNode = path?.value as Scalar<string> | undefined;
    const joined = pathNode && base !== null && !isAbsoluteUrl(pathNode.value);
    if (joined) this.add(scanString(joinBase(expandText(base, env), this.mapped(pathNode)), method, env).map((c) => ({ ...c, routeMethod: !method })));
    const shell = find(new Set(['shell']));
    const pwsh = shell ? /^(pwsh|powershell)\b/.test((shell.value as Scalar<string>).value) : false;
    for (let i = pairs.length - 1; i >= 0; i--) {
      const p = pairs[i];
      const key = keyOf(p);
      if (p === m || (joined && (p === path || p === ownBase)) || (ENV_KEYS.has(key) && isMap(p.value))) continue;
      // A recorded list answer's `next` / `previous` link (langs/page-links.ts): data, not a request.
      if (isLinkKey(key) && isPageLink(key, pairs.map(keyOf))) continue;
      const script = SHELL_KEYS.has(key) || POWERSHELL_KEYS.has(key) || (key === 'command' && f.key === 'run');
      if (script && (stringScalar(p.value) || isSeq(p.value))) {
        this.script(p.value as Node, env, pwsh || POWERSHELL_KEYS.has(key), stack, base);
      } else if (stringScalar(p.value) && method) {
        this.value(p.value, method, env);
      } else {
        stack.push({ node: p.value, env, base, key });
      }
    }
  }

  /** A CI script: one scalar, or a list of lines run by one shell, with the CI variables in scope. */
  private script(node: Node, env: ShellEnv, pwsh: boolean, stack: Frame[], base: string | null): void {
    const session = pwsh ? powershellSession(this.sink, env, this.imports) : new ShellSession(this.sink, env, { imports: this.imports, embedded: this.embedded });
    const lines = isSeq(node) ? node.items : [node];
    for (const item of lines) {
      if (!stringScalar(item)) {
        stack.push({ node: item, env, base, key: '' });
      } else if (pwsh) runPowerShell(this.mapped(item), session);
      else session.run(this.mapped(item));
    }
  }

  /** `env:` / `variables:` entries as shell variables; a Hub URL in one is reported where it is used. */
  private variables(node: YAMLMap, parent: ShellEnv): ShellEnv {
    const env = parent.child();
    for (const p of node.items) {
      const valueNode = isMap(p.value) ? p.value.items.find((q) => keyOf(q) === 'value')?.value : p.value;
      if (!isScalar(p.key) || !isScalar(valueNode) || valueNode.value === null) continue;
      const value = String(valueNode.value);
      const b = binding(expandText(value, env), stringScalar(valueNode) ? scanString(this.mapped(valueNode)) : []);
      env.set(keyOf(p), b);
      this.sink.track(b);
    }
    return env;
  }
}

/**
 * YAML through the `yaml` document AST: every string value, base+path split over keys,
 * `method` keys, and CI scripts through the shell extractor with their variables. Aliases are
 * never expanded, so an alias bomb costs nothing.
 */
export function extractYaml(path: string, text: string, imports: (name: string) => string | undefined = () => undefined, embedded?: Embedded): Candidate[] {
  const options = { uniqueKeys: false, prettyErrors: false } as const;
  let docs = parseAllDocuments(text, options);
  // A Helm template is YAML only once rendered: its `{{- if … }}` lines are read as blank.
  if (docs.some((d) => d.errors.length > 0) && text.includes('{{')) {
    text = withoutTemplateLines(text);
    docs = parseAllDocuments(text, options);
  }
  const walker = new YamlWalker(text, imports, embedded);
  for (const doc of docs) {
    walker.walk(doc.contents, new ShellEnv());
  }
  return walker.sink.finish().map(configReading);
}

/**
 * The YAML adapter; `programs` are the loaded adapters of the interpreters whose heredocs a
 * script may hold (`python3 - <<'PY'` in a workflow step): their code is read as a file of
 * that language would be, every candidate moved back to its place in the YAML file.
 */
export function yamlAdapterWith(programs: ReadonlyMap<string, Adapter> = new Map()): Adapter {
  return {
    name: 'yaml',
    extract(path, text, ctx) {
      const out: Candidate[] = [];
      const embedded: Embedded = (language, body) => {
        const adapter = programs.get(language);
        if (!adapter) return false;
        out.push(...programCandidates(adapter, path, body, ctx));
        return true;
      };
      return [...extractYaml(path, text, importsOf(path, ctx), embedded), ...out];
    },
  };
}

export const yamlAdapter: Adapter = yamlAdapterWith();

/** Where the comments of a YAML file are, from the `yaml` lexer's tokens (its marker tokens hold no source text). */
export function yamlComments(text: string): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  let at = 0;
  for (const token of new Lexer().lex(text)) {
    if (token === '\x02' || token === '\x18' || token === '\x1f') continue;
    if (token.startsWith('#')) out.push({ start: at, end: at + token.length });
    at += token.length;
  }
  return out;
}
