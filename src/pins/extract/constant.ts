import type { PinCandidate } from '../types.js';
import { allMatches, pinAt, type PinExtractor } from './match.js';

// `const API = 'v1.41'`, `API_VERSION = "1.41"`, `apiVersion := "1.41"`, PHP
// `private $api = 'v1.41';`, `define('API', 'v1.41')`, `static final String API = "v1.41";`;
// not a keyword argument (`f(version="1.2")`), which is a call's business.
const ASSIGNMENT = /(?<![(,]\s*)(?:\b|\$)([A-Za-z_$][\w$]*)\s*(?::\s*[\w<>[\]]+\s*)?(?::=|=)\s*(["'`])(v?\d+\.\d+)\2/gd;
const DEFINE = /\bdefine\(\s*["']([A-Za-z_]\w*)["']\s*,\s*(["'])(v?\d+\.\d+)\2/gd;

/** Where the constant goes into an Engine URL or a client's version argument. */
const ENGINE_USE = [
  /\/(?:containers|images|version|_ping|info|networks|volumes|exec|system|events|build|commit|swarm|services|nodes|tasks|secrets|configs|plugins)(?![\w-])/,
  /--unix-socket|unix:\/\/|docker\.sock|:237[56](?!\d)/,
];

function escape(name: string): string {
  return name.replace(/[$]/g, '\\$');
}

function usedForEngine(text: string, name: string, definitionLine: number): boolean {
  const bare = name.replace(/^\$/, '');
  const word = new RegExp(String.raw`(?<![\w$])\$?${escape(bare)}(?![\w$])`);
  const call = new RegExp(String.raw`(?:WithVersion|WithAPIVersion|withApiVersion|NewVersioned\w*Client\w*|\bversion\s*[:=])\s*\(?[^)\n]*?(?<![\w$])\$?${escape(bare)}(?![\w$])`);
  return text.split('\n').some((line, i) => i !== definitionLine && word.test(line) && (call.test(line) || ENGINE_USE.some((re) => re.test(line))));
}

/**
 * A version string held in a named constant counts only where the constant is used to
 * build an Engine URL (`/${API}/containers/json`) or passed as a client's version; a bare
 * `VERSION = "1.2"` elsewhere is somebody else's version.
 */
export const extractConstant: PinExtractor = (_path, text) => {
  const out: PinCandidate[] = [];
  for (const m of [...allMatches(ASSIGNMENT, text), ...allMatches(DEFINE, text)]) {
    const line = text.slice(0, m.index).split('\n').length - 1;
    if (!usedForEngine(text, m[1], line)) continue;
    const pin = pinAt(m, 3, 'constant', `constant ${m[1]}`);
    if (pin) out.push(pin);
  }
  return out;
};
