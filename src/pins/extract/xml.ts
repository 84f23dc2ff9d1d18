import type { PinCandidate } from '../types.js';
import { ENGINE_VERSION, engineKeyForm, MENTIONS_DOCKER } from './keys.js';
import { allMatches, defined, pinAt, type PinExtractor } from './match.js';

/**
 * A version as the text of an XML element named for it: Maven's surefire and failsafe
 * `<environmentVariables><DOCKER_API_VERSION>1.41</DOCKER_API_VERSION>` and
 * `<systemPropertyVariables><api.version>1.40</api.version>` (docker-java reads both), a
 * `<properties>` entry `<docker.api.version>1.41</…>`, the docker-maven-plugin's `<apiVersion>`.
 * The element's name is the key; the file must name Docker for a bare `apiVersion`.
 */
const ELEMENT = /<([\w.-]+)>[ \t]*(v?\d+\.\d+)[ \t]*<\/\1>/dg;

export const extractXml: PinExtractor = (path, text) => {
  if (!/\.(?:xml|pom)$/i.test(path)) return [];
  const docker = MENTIONS_DOCKER.test(text);
  const out: Array<PinCandidate | undefined> = [];
  for (const m of allMatches(ELEMENT, text)) {
    const form = engineKeyForm(m[1], docker);
    if (form && ENGINE_VERSION.test(m[2])) out.push(pinAt(m, 2, form, `<${m[1]}>`));
  }
  return defined(out);
};
