import type { PinCandidate } from '../types.js';
import { ENGINE_VERSION, engineKeyForm, MENTIONS_DOCKER } from './keys.js';
import { allMatches, defined, pinAt, type PinExtractor } from './match.js';

/**
 * The default of a settings placeholder: Spring's and Quarkus' `${docker.api.version:1.41}` (in
 * application.yml/.properties, in `@Value("${…:1.41}")`, `@ConfigProperty(defaultValue=…)` aside),
 * Micronaut's the same, and a nested `${DOCKER_API_VERSION:${docker.api.version:1.41}}`. The client
 * reads the key; unset, it gets the default, so the default is the version the project ships.
 * The same in every file kind: the YAML walker sees only the whole string, Java's data flow the
 * annotation's text. (`${X:-1.41}`, the shell's, is the env extractor's.)
 */
const PLACEHOLDER = /\$\{([\w.-]+):(v?\d+\.\d+)\}/dg;

export const extractPlaceholder: PinExtractor = (_path, text) => {
  if (!text.includes('${')) return [];
  const docker = MENTIONS_DOCKER.test(text);
  const out: Array<PinCandidate | undefined> = [];
  for (const m of allMatches(PLACEHOLDER, text)) {
    const form = engineKeyForm(m[1], docker);
    if (form && ENGINE_VERSION.test(m[2])) out.push(pinAt(m, 2, form, `default of \${${m[1]}}`));
  }
  return defined(out);
};
