import type { PinCandidate, PinForm } from '../types.js';
import { ENGINE_VERSION, MENTIONS_DOCKER, engineKeyForm } from './keys.js';
import { allMatches, fileKind, pinAt, type PinExtractor } from './match.js';

/**
 * Groovy that the data flow does not read (Gradle's Groovy scripts, Jenkinsfiles, `.groovy`: no
 * lowering, fileKind 'unlowered'), where a version is a property (issue 30): a property of a
 * Docker plugin's DSL or of a class whose name says it is the Engine version (`apiVersion =
 * '1.41'`, `apiVersion '1.41'`, `String dockerApiVersion = "1.41"`), or a variable of any name
 * that the script hands to an Engine setting (`def DOCKER_API = "1.40"`, then
 * `DOCKER_API_VERSION = "${DOCKER_API}"` or `.withApiVersion(DOCKER_API)`).
 */

/** `[def|String|final …] name = '1.41'`, `name '1.41'`, `name('1.41')` at the start of a line. */
const PROPERTY = /^[ \t]*(?:(?:def|String|final|static|private|protected|public)[ \t]+)*([A-Za-z_]\w*)(?:[ \t]*=[ \t]*|[ \t]+|[ \t]*\([ \t]*)(["'])(v?\d+\.\d+)\2/dgm;

/**
 * What takes a value as the Engine version, written before the name that holds it (each tested
 * against the text that ends at the name): the variable the CLI reads, docker-java's builder and
 * system property, the plugin's `apiVersion`.
 */
const USES: ReadonlyArray<{ before: RegExp; form: PinForm; sink: string }> = [
  { before: /\b(DOCKER_API_VERSION|COMPOSE_API_VERSION)[ \t]*[=:][ \t]*["']?\$\{?$/, form: 'env', sink: 'DOCKER_API_VERSION' },
  { before: /\bwithApiVersion\([ \t]*$/, form: 'java', sink: 'withApiVersion' },
  { before: /["']api\.version["'][ \t]*,[ \t]*$|-Dapi\.version=\$\{?$/, form: 'java', sink: 'api.version system property' },
  { before: /(?:^|[^\w.])apiVersion(?:[ \t]*=[ \t]*|\.set\([ \t]*|[ \t]+)$/, form: 'config', sink: 'apiVersion' },
];

/** The line (1-based) an offset is on. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** The first place the name is handed to an Engine setting: its sink and where. */
function useOf(text: string, name: string, after: number): { sink: string; at: number } | undefined {
  for (let at = text.indexOf(name, after); at !== -1; at = text.indexOf(name, at + name.length)) {
    if (/\w/.test(text[at + name.length] ?? '') || /[\w.]/.test(text[at - 1] ?? '')) continue;
    const before = text.slice(Math.max(0, text.lastIndexOf('\n', at - 1) + 1), at);
    const use = USES.find((u) => u.before.test(before));
    if (use) return { sink: use.sink, at };
  }
  return undefined;
}

export const extractGroovy: PinExtractor = (path, text) => {
  if (fileKind(path) !== 'unlowered' || !MENTIONS_DOCKER.test(text)) return [];
  const out: PinCandidate[] = [];
  for (const m of allMatches(PROPERTY, text)) {
    const name = m[1];
    if (!ENGINE_VERSION.test(m[3])) continue;
    // `apiVersion`, `dockerApiVersion`, `DOCKER_API_VERSION`: the name says it (keys.ts); any other only by its use.
    const own = engineKeyForm(name, true) !== undefined;
    const use = own ? undefined : useOf(text, name, m.index + m[0].length);
    const pin = own ? pinAt(m, 3, 'config', `${name} property`) : use ? pinAt(m, 3, 'constant', `used by ${use.sink}`) : undefined;
    if (pin) out.push(use ? { ...pin, usedAt: `${path}:${lineAt(text, use.at)}` } : pin);
  }
  return out;
};
