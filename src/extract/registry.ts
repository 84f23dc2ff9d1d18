import { basename, extname } from 'node:path';
import type { Adapter } from './types.js';

/**
 * Which adapter reads which file. Adapters load on first use, so a run that never meets
 * a JS/TS file never loads ts-morph, and one without YAML never loads the YAML parser.
 */
const LOADERS = {
  js: () => import('./js/adapter.js').then((m) => m.jsAdapter),
  python: () => import('./lower/adapter.js').then((m) => m.treeAdapter('python')),
  go: () => import('./go/adapter.js').then((m) => m.goAdapter),
  shell: () => import('./shell/adapter.js').then((m) => m.shellAdapter),
  dockerfile: () => import('./shell/dockerfile.js').then((m) => m.dockerfileAdapter),
  makefile: () => import('./shell/makefile.js').then((m) => m.makefileAdapter),
  powershell: () => import('./shell/powershell.js').then((m) => m.powershellAdapter),
  yaml: () => import('./yaml/adapter.js').then((m) => m.yamlAdapter),
  json: () => import('./json/adapter.js').then((m) => m.jsonAdapter),
  markdown: () => import('./markdown/adapter.js').then((m) => m.markdownAdapter),
  ruby: () => import('./langs/ruby.js').then((m) => m.rubyAdapter),
  java: () => import('./langs/java.js').then((m) => m.javaAdapter),
  kotlin: () => import('./langs/kotlin.js').then((m) => m.kotlinAdapter),
  csharp: () => import('./langs/csharp.js').then((m) => m.csharpAdapter),
  php: () => import('./langs/php.js').then((m) => m.phpAdapter),
  rust: () => import('./langs/rust.js').then((m) => m.rustAdapter),
  perl: () => import('./langs/perl.js').then((m) => m.perlAdapter),
  text: () => import('./text/adapter.js').then((m) => m.textAdapter),
} satisfies Record<string, () => Promise<Adapter>>;

export type AdapterName = keyof typeof LOADERS;
export const ADAPTER_NAMES = Object.keys(LOADERS) as AdapterName[];

const BY_EXTENSION: Record<string, AdapterName> = {
  '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.jsx': 'js', '.ts': 'js', '.mts': 'js', '.cts': 'js', '.tsx': 'js',
  '.py': 'python', '.pyi': 'python',
  '.go': 'go',
  '.sh': 'shell', '.bash': 'shell', '.zsh': 'shell', '.ksh': 'shell', '.env': 'shell',
  '.dockerfile': 'dockerfile',
  '.mk': 'makefile', '.mak': 'makefile',
  '.ps1': 'powershell', '.psm1': 'powershell',
  '.yml': 'yaml', '.yaml': 'yaml',
  '.json': 'json', '.jsonc': 'json', '.json5': 'json',
  '.md': 'markdown', '.markdown': 'markdown', '.mdx': 'markdown',
  '.rb': 'ruby', '.rake': 'ruby', '.gemspec': 'ruby',
  '.java': 'java', '.groovy': 'java', '.gradle': 'java',
  '.kt': 'kotlin', '.kts': 'kotlin',
  '.cs': 'csharp',
  '.php': 'php',
  '.rs': 'rust',
  '.pl': 'perl', '.pm': 'perl',
};

const BY_NAME: Array<[RegExp, AdapterName]> = [
  [/^(dockerfile|containerfile)(\..*)?$/i, 'dockerfile'],
  [/^(gnu)?makefile$/i, 'makefile'],
  [/^\.env(\..*)?$/i, 'shell'],
  [/^(gemfile|rakefile|vagrantfile)$/i, 'ruby'],
  [/^jenkinsfile$/i, 'java'],
  [/^\.(bash|zsh)rc$|^\.profile$/i, 'shell'],
];

export function adapterNameFor(path: string): AdapterName {
  const name = basename(path);
  for (const [re, adapter] of BY_NAME) if (re.test(name)) return adapter;
  return BY_EXTENSION[extname(name).toLowerCase()] ?? 'text';
}

/** Maps a Markdown fence info string (```bash) to an adapter. */
export function adapterNameForFence(info: string): AdapterName {
  const lang = info.trim().split(/[\s{]/)[0].toLowerCase();
  const alias: Record<string, AdapterName> = {
    js: 'js', javascript: 'js', ts: 'js', typescript: 'js', jsx: 'js', tsx: 'js', node: 'js',
    py: 'python', python: 'python', python3: 'python',
    go: 'go', golang: 'go',
    sh: 'shell', bash: 'shell', shell: 'shell', console: 'shell', zsh: 'shell', shellsession: 'shell',
    dockerfile: 'dockerfile', docker: 'dockerfile', make: 'makefile', makefile: 'makefile',
    powershell: 'powershell', ps1: 'powershell', pwsh: 'powershell',
    yaml: 'yaml', yml: 'yaml', json: 'json', jsonc: 'json',
    ruby: 'ruby', rb: 'ruby', java: 'java', groovy: 'java', kotlin: 'kotlin', kt: 'kotlin',
    csharp: 'csharp', cs: 'csharp', 'c#': 'csharp', php: 'php', rust: 'rust', rs: 'rust', perl: 'perl',
  };
  return alias[lang] ?? 'text';
}

const cache = new Map<AdapterName, Promise<Adapter>>();

export function loadAdapter(name: AdapterName): Promise<Adapter> {
  let p = cache.get(name);
  if (!p) {
    p = LOADERS[name]();
    cache.set(name, p);
  }
  return p;
}
