import type { Pair, Scalar } from 'yaml';
import { normalizeApiVersion } from '../../engine/versions.js';
import { yamlLib as yaml } from '../../runtime/yaml-lib.js';
import type { PinCandidate, PinForm } from '../types.js';
import { cliImagePin, isDindImage } from './cli-image.js';
import { PIN_VARIABLES } from './env.js';
import { fileKind, ruleOf, YAML_TEMPLATE, type PinExtractor } from './match.js';

/** Keys whose value is a pin wherever they appear (compose, CI env:/variables:, daemon config). */
const KEYED: Readonly<Record<string, PinForm>> = {
  ...PIN_VARIABLES,
  'min-api-version': 'daemon-min',
  docker_api_version: 'config',
};

/**
 * The version a YAML scalar gives the program reading it. A plain `1.40` is the number
 * 1.4 to every YAML 1.2 reader (docs/engine-api.md §4), and the daemon sees "1.4".
 */
function scalarVersion(node: Scalar): { version: string; yamlNumber?: string } | undefined {
  if (typeof node.value === 'number') {
    const read = String(node.value);
    const version = normalizeApiVersion(read);
    if (version === undefined) return undefined;
    const written = typeof node.source === 'string' ? node.source : read;
    return written === read ? { version } : { version, yamlNumber: written };
  }
  if (typeof node.value !== 'string') return undefined;
  const version = normalizeApiVersion(node.value);
  return version === undefined ? undefined : { version };
}

/** The scalar's text without its quotes. */
function innerSpan(node: Scalar): [number, number] {
  const [start, end] = node.range!;
  const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
  return quoted ? [start + 1, end - 1] : [start, end];
}

function keyOf(pair: unknown): string | undefined {
  const { isPair, isScalar } = yaml();
  return isPair(pair) && isScalar(pair.key) && typeof pair.key.value === 'string' ? pair.key.value : undefined;
}

/** Keys of the pairs above this one, outermost first, and of its siblings. */
function context(path: readonly unknown[]): { ancestors: string[]; siblings: string[] } {
  const ancestors = path.map(keyOf).filter((k): k is string => k !== undefined);
  const parent = path.at(-1);
  const siblings = yaml().isMap(parent) ? parent.items.map(keyOf).filter((k): k is string => k !== undefined) : [];
  return { ancestors, siblings };
}

function keyedPin(key: string, value: Scalar, path: readonly unknown[]): PinCandidate | undefined {
  let form = KEYED[key];
  // `api_version` is a common key: it counts under something Docker (Ansible's
  // community.docker modules, OpenTelemetry's docker_stats receiver) only.
  if (form === undefined && key === 'api_version') {
    const { ancestors, siblings } = context(path);
    if ([...ancestors, ...siblings].some((k) => /docker/i.test(k))) form = 'config';
  }
  if (form === undefined) return undefined;
  const read = scalarVersion(value);
  if (!read) return undefined;
  const [start, end] = innerSpan(value);
  const pin: PinCandidate = { version: read.version, form, ruleId: ruleOf(form), start, end, detail: key };
  if (read.yamlNumber !== undefined) pin.yamlNumber = read.yamlNumber;
  return pin;
}

function imagePin(key: string, value: Scalar, path: readonly unknown[]): PinCandidate | undefined {
  const parentKey = path.map(keyOf).filter((k) => k !== undefined).at(-1);
  // `image: docker:20.10`, GitLab's `image: { name: … }`, GitHub Actions' `container: docker:20.10`.
  const isImage = key === 'image' || key === 'container' || (key === 'name' && parentKey === 'image');
  if (!isImage || typeof value.value !== 'string') return undefined;
  // A dind service is the daemon the job talks to, not a client.
  if (isDindImage(value.value) && context(path).ancestors.includes('services')) return undefined;
  const [start] = innerSpan(value);
  return cliImagePin(value.value, start);
}

/**
 * The variable a `{ name: X, value: … }` entry sets: Kubernetes container `env:` lists, ECS task
 * definitions and Tekton params write environment variables as such pairs of keys.
 */
function entryName(key: string, path: readonly unknown[]): string | undefined {
  if (key !== 'value') return undefined;
  const { isMap, isScalar } = yaml();
  const parent = path.at(-1);
  if (!isMap(parent)) return undefined;
  const name = parent.items.find((item) => keyOf(item) === 'name')?.value;
  return isScalar(name) && typeof name.value === 'string' && name.value in PIN_VARIABLES ? name.value : undefined;
}

/** Text that names a key of KEYED or `api_version`: a block of embedded YAML worth parsing for pins. */
const EMBEDDED_KEY = /\b(?:api_version|docker_api_version|min-api-version|(?:DOCKER|COMPOSE|DOCKER_MIN)_API_VERSION)\s*:/;
/** Embedded YAML blocks parsed per file at most: each parse reads a text of the file's length. */
const MAX_EMBEDDED = 16;

/**
 * Keys and their scalars of YAML read as the YAML parser reads them; `depth` > 0 for YAML
 * embedded in another text (offsets are the outer text's). A literal block (`config: |`, a
 * Kubernetes ConfigMap's `otel-collector.yaml: |`) that holds a pin key is YAML of its own: an
 * OpenTelemetry collector's `docker_stats: api_version` inside a Helm values file.
 */
function yamlPins(text: string, depth: number, budget: { left: number }): PinCandidate[] {
  const { isScalar, parseAllDocuments, visit } = yaml();
  const out: PinCandidate[] = [];
  const blocks: Array<[number, number]> = [];
  for (const doc of parseAllDocuments(text)) {
    if (!('contents' in doc)) continue;
    visit(doc, {
      Pair(_key, pair: Pair, ancestry) {
        const key = keyOf(pair);
        if (key === undefined || !isScalar(pair.value) || !pair.value.range) return;
        const pin = keyedPin(entryName(key, ancestry) ?? key, pair.value, ancestry) ?? imagePin(key, pair.value, ancestry);
        if (pin) out.push(pin);
        const v = pair.value;
        if (depth === 0 && v.type === 'BLOCK_LITERAL' && typeof v.value === 'string' && EMBEDDED_KEY.test(v.value)) {
          const from = text.indexOf('\n', v.range![0]) + 1;
          if (from > 0 && from < v.range![1]) blocks.push([from, v.range![1]]);
        }
      },
    });
  }
  for (const [from, to] of blocks) out.push(...embeddedYamlPins(text, from, to, budget));
  return out;
}

/**
 * A template's actions on one line (`{{ env "X" }}`, `%{ if … }`) as spaces of their length: one
 * pass, each closing delimiter searched once.
 */
function blankActions(s: string): string {
  let out = '';
  let pos = 0;
  for (const [open, close] of [['{{', '}}'], ['%{', '}'], ['{%', '%}'], ['<%', '%>']] as const) {
    out = '';
    pos = 0;
    let closeAt = -1;
    let nl = -1;
    for (let i = s.indexOf(open); i !== -1; i = s.indexOf(open, i + open.length)) {
      if (i < pos) continue;
      if (closeAt < i + open.length) closeAt = s.indexOf(close, i + open.length);
      if (closeAt === -1) break;
      if (nl !== Infinity && nl < i) nl = s.indexOf('\n', i) === -1 ? Infinity : s.indexOf('\n', i);
      if (nl < closeAt) continue;
      const end = closeAt + close.length;
      out += s.slice(pos, i) + ' '.repeat(end - i);
      pos = end;
    }
    s = out + s.slice(pos);
  }
  return s;
}

/**
 * The pins of YAML embedded in [from, to) of `text` (a block scalar, a heredoc of an HCL
 * template), at their offsets in `text`: everything else is blanked (line breaks kept), and so
 * are template actions inside it (`{{ env "X" }}`, `%{ if … }`), which are no YAML.
 */
export function embeddedYamlPins(text: string, from: number, to: number, budget = { left: MAX_EMBEDDED }): PinCandidate[] {
  if (budget.left-- <= 0) return [];
  const inner = blankActions(text.slice(from, to));
  const blank = (s: string) => s.replace(/[^\n]/g, ' ');
  return yamlPins(blank(text.slice(0, from)) + inner + blank(text.slice(to)), 1, budget);
}

/**
 * YAML files: keys and their scalars, read as the YAML parser reads them. A template of YAML
 * (YAML_TEMPLATE) first has its actions blanked (`{{ … }}`, `{% … %}`, `<% … %>`, `%{ … }`).
 */
export const extractYaml: PinExtractor = (path, text) => {
  if (fileKind(path) !== 'yaml') return [];
  return yamlPins(YAML_TEMPLATE.test(path) ? blankActions(text) : text, 0, { left: MAX_EMBEDDED });
};

/** A heredoc of an HCL file (`data = <<-EOF` … `EOF`, a Nomad job's template): its body's span. */
const HEREDOC = /<<-?([A-Za-z_]\w*)[ \t]*\r?\n/g;

/**
 * HCL files (Nomad jobs, Terraform): the YAML a heredoc holds (a template a job renders, such as
 * an OpenTelemetry collector's configuration with `docker_stats: api_version`), read as YAML.
 */
export const extractHclYaml: PinExtractor = (path, text) => {
  if (!/\.(?:hcl|nomad|tf)$/i.test(path) || !EMBEDDED_KEY.test(text)) return [];
  const out: PinCandidate[] = [];
  const budget = { left: MAX_EMBEDDED };
  for (const m of text.matchAll(HEREDOC)) {
    const from = m.index + m[0].length;
    const close = new RegExp(String.raw`^[ \t]*${m[1]}[ \t]*$`, 'gm');
    close.lastIndex = from;
    const to = close.exec(text)?.index ?? text.length;
    if (EMBEDDED_KEY.test(text.slice(from, to))) out.push(...embeddedYamlPins(text, from, to, budget));
  }
  return out;
};
