import type { PinCandidate, PinForm } from '../types.js';
import { allMatches, defined, fileKind, pinAt, type PinExtractor } from './match.js';

/** Variables that pin the client (the Docker CLI, compose v1) or lower the daemon's minimum. */
export const PIN_VARIABLES: Readonly<Record<string, PinForm>> = {
  DOCKER_API_VERSION: 'env',
  COMPOSE_API_VERSION: 'env',
  DOCKER_MIN_API_VERSION: 'daemon-min',
};

const NAMES = Object.keys(PIN_VARIABLES).join('|');
const VALUE = String.raw`["'\`]?(v?\d+\.\d+)(?![\d.])`;
// `=` covers export, inline `VAR=… cmd`, .env, `ENV K=V`, compose list items, Makefile
// `?=`/`:=`, `${VAR:-1.41}` and `process.env.X = …`; quotes and `]` before it cover
// os.environ["X"] = …; `,` covers os.Setenv("X", "1.41"); Kotlin: `"X" to "1.41"` in an
// environment map, and `System.getenv("X") ?: "1.41"` (the default when unset).
const ASSIGN = new RegExp(String.raw`\b(${NAMES})\b["'\])]*\s*(?:[?:+]?=|:-|,|\?:|to(?=\s))\s*${VALUE}`, 'gd');
// `"X": "1.41"` in JSON-like files; YAML keys are the YAML walker's (it sees quoting).
const COLON = new RegExp(String.raw`\b(${NAMES})\b["']?\s*:\s*${VALUE}`, 'gd');
// Dockerfile `ENV X 1.41` (the legacy space form).
const ENV_SPACE = new RegExp(String.raw`^\s*[Ee][Nn][Vv]\s+(${NAMES})\s+${VALUE}`, 'gdm');

// The variable set from a name in the same file (the value flows back to its literal):
// `os.Setenv("DOCKER_API_VERSION", fallback)`, Gradle `environment("DOCKER_API_VERSION", v)`,
// `os.environ["DOCKER_API_VERSION"] = v`, `process.env.DOCKER_API_VERSION = v`, or a config
// key read back (`os.Setenv("DOCKER_API_VERSION", viper.GetString("docker_api_version"))`).
const EXPR = String.raw`([A-Za-z_][\w.]*)(?:\(\s*["']([\w.-]+)["']\s*\))?`;
const SET_FROM = new RegExp(
  String.raw`(?:\b(?:Setenv|setenv|putenv|environment)\(\s*["'](${NAMES})["']\s*,\s*|(?:environ\[["']|process\.env\.|ENV\[["'])(${NAMES})(?:["']\])?\s*=\s*)${EXPR}`,
  'g',
);
// A variable read from the environment and given a version when unset
// (`v := os.Getenv("DOCKER_API_VERSION"); if v == "" { v = "1.37" }`): that default is what
// every client built from the variable gets.
const READ_INTO = new RegExp(String.raw`\b([A-Za-z_]\w*)\s*:?=\s*(?:[\w.]+\.)?[Gg]etenv\(\s*["'](${NAMES})["']\s*\)`, 'g');

function escapeName(name: string): string {
  return name.replace(/[.$]/g, '\\$&');
}

/** The version literals assigned to `name` in the file, or given as the default of config key `key`. */
function literalsOf(text: string, name: string, key: string | undefined): RegExpExecArray[] {
  const re = key
    ? new RegExp(String.raw`\bSetDefault\(\s*["']${escapeName(key)}["']\s*,\s*${VALUE}`, 'gd')
    : new RegExp(String.raw`(?<![\w.$])${escapeName(name)}\s*(?::=|=)\s*${VALUE}`, 'gd');
  return allMatches(re, text);
}

function flowPins(text: string): PinCandidate[] {
  const out: PinCandidate[] = [];
  for (const m of text.matchAll(SET_FROM)) {
    const variable = m[1] ?? m[2];
    const [name, key] = [m[3], m[4]];
    if (key === undefined && name.includes('.')) continue;
    for (const lit of literalsOf(text, name, key)) {
      const pin = pinAt(lit, 1, PIN_VARIABLES[variable], `${variable} (from ${key ?? name})`);
      if (pin) out.push(pin);
    }
  }
  for (const m of text.matchAll(READ_INTO)) {
    for (const lit of literalsOf(text, m[1], undefined)) {
      const pin = pinAt(lit, 1, PIN_VARIABLES[m[2]], `${m[2]} (default of ${m[1]})`);
      if (pin) out.push(pin);
    }
  }
  return out;
}

export const extractEnv: PinExtractor = (path, text) => {
  // Every name ends in _API_VERSION.
  if (!text.includes('_API_VERSION')) return [];
  const kind = fileKind(path);
  const patterns = [ASSIGN, ...(kind === 'yaml' ? [] : [COLON]), ...(kind === 'dockerfile' ? [ENV_SPACE] : [])];
  const direct = patterns.flatMap((re) =>
    defined(allMatches(re, text).map((m): PinCandidate | undefined => pinAt(m, 2, PIN_VARIABLES[m[1]], m[1]))),
  );
  return kind === 'yaml' || kind === 'dockerfile' ? direct : [...direct, ...flowPins(text)];
};
