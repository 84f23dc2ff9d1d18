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

export const extractEnv: PinExtractor = (path, text) => {
  // Every name ends in _API_VERSION.
  if (!text.includes('_API_VERSION')) return [];
  const kind = fileKind(path);
  const patterns = [ASSIGN, ...(kind === 'yaml' ? [] : [COLON]), ...(kind === 'dockerfile' ? [ENV_SPACE] : [])];
  return patterns.flatMap((re) =>
    defined(allMatches(re, text).map((m): PinCandidate | undefined => pinAt(m, 2, PIN_VARIABLES[m[1]], m[1]))),
  );

};
