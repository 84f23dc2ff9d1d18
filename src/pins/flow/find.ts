import { programOf } from '../../extract/lower/evaluate.js';
import { linesOf } from '../../extract/lines.js';
import { markdownBlocks } from '../../extract/languages/markdown/blocks.js';
import { Mapped, MappedBuilder } from '../../extract/shell/mapped.js';
import { adapterNameFor, adapterNameForFence, loadAdapter, type AdapterName } from '../../extract/registry.js';
import { loweringOf } from '../../extract/resolve/project.js';
import { NO_PROJECT, type ProjectLookup } from '../../extract/types.js';
import { flowPins, type FlowPin } from './flow.js';
import { DAEMON_ADDRESS, mayCallASink } from './sinks.js';

/** The languages with a lowering (extract/lower/): Kotlin joins when its lowering registers. */
const LOWERED = new Set<string>(['python', 'go', 'js', 'java', 'kotlin', 'csharp', 'rust', 'ruby', 'php', 'shell', 'powershell', 'perl', 'swift', 'scala', 'dart', 'elixir', 'lua', 'r', 'hcl']);
/** Names a pin variable set in code (`process.env.DOCKER_API_VERSION = v`). */
const VARIABLE = /(?:DOCKER|COMPOSE|DOCKER_MIN)_API_VERSION/;
/**
 * An Engine path built from a name: `/v` then an interpolation or a concatenation (Swift's
 * `\\(v)`, Elixir's `#{v}`, Lua's `..` and Elixir's `<>` too), or a whole segment interpolated
 * after a slash (PHP's `"http://localhost/{$this->api}{$path}"`).
 */
const BUILT_PATH = /\/v(?:[#$]?\{|\\\(|["'`]\s*(?:[+.]|<>)|\$[A-Za-z_])|\/["'`]\s*(?:[+.]|<>)|\/(?:\$\{?|\\\(|#\{)@?[A-Za-z_][\w.]*[)}]?\/(?:containers|images|version|_ping|info)|\/\{\$[A-Za-z_]/;
/**
 * An Engine route put after a value (`"#{api_version}/containers/json"`, `"%s/images/json"`,
 * `PREFIX + "/networks"`): the value may be a version prefix (`"/v1.12"`) or a versioned base.
 */
const ROUTE_AFTER_VALUE = /(?:[})]|%[sv]|\+\s*["'`])\/(?:containers|images|networks|volumes|exec|_ping|swarm|distribution)\b/;
/** A client's own default version, by name (`DEFAULT_DOCKER_API_VERSION`, `apiVersion`, `api_version`). */
const DEFAULT_NAME = /[Aa][Pp][Ii]_?[Vv][Ee][Rr][Ss][Ii][Oo][Nn]/;
const DOCKER_OR_DAEMON = /docker|moby|daemon/i;

/**
 * The cheap test before any grammar loads: a file that names no sink, sets no pin variable,
 * builds no Engine path and names no client default cannot hold a pin found by data flow.
 */
export function mayReachSink(text: string): boolean {
  if (mayCallASink(text) || VARIABLE.test(text) || ROUTE_AFTER_VALUE.test(text)) return true;
  if (!BUILT_PATH.test(text) && !DEFAULT_NAME.test(text)) return false;
  return DAEMON_ADDRESS.test(text) || DOCKER_OR_DAEMON.test(text);
}

async function lowering(adapter: AdapterName) {
  if (!LOWERED.has(adapter)) return undefined;
  if (!loweringOf(adapter)) {
    try {
      if (adapter === 'js') await import('../../extract/languages/js/adapter.js');
      else await loadAdapter(adapter);
    } catch {
      // A grammar that cannot load reads no file of its language; the Hub lint reports the adapter's failure.
      return undefined;
    }
  }
  return loweringOf(adapter);
}

/** One file's flow pins (also in other files, through `project`); Markdown code blocks and rustdoc examples each as their own snippet. */
export async function findFlowPins(file: string, text: string, project: ProjectLookup = NO_PROJECT): Promise<FlowPin[]> {
  if (!mayReachSink(text)) return [];
  const adapter = adapterNameFor(file);
  if (adapter === 'markdown') return snippetPins(file, text, NO_MAPPING, 'markdown');
  const lower = await lowering(adapter);
  if (!lower) return [];
  const own = flowPins(programOf(lower(text, file), file, project), text);
  // rustdoc examples (`/// let v = ClientVersion { … }; Docker::connect_with_socket(…, &v)`) are code the docs run.
  if (adapter !== 'rust' || !text.includes('///')) return own;
  const docs = docComments(text);
  return docs ? [...own, ...(await snippetPins(file, docs.text, docs, 'rust'))] : own;
}

interface Mapping {
  startOf(i: number): number;
  endOf(i: number): number;
}
const NO_MAPPING: Mapping = { startOf: (i) => i, endOf: (i) => i };

/** The text of the file's `///` and `//!` comments without their markers, mapped to the source. */
function docComments(text: string): Mapped | undefined {
  const b = new MappedBuilder();
  let any = false;
  for (const line of linesOf(text)) {
    const m = /^[ \t]*\/\/[/!] ?/.exec(line.text);
    if (!m) continue;
    any = true;
    b.push(line.text.slice(m[0].length), line.start + m[0].length, line.start + line.text.length, true);
    b.push('\n', line.start + line.text.length, line.start + line.text.length + 1, false);
  }
  return any ? b.build() : undefined;
}

/**
 * Code blocks of documentation (Markdown fences; rustdoc's, whose default language is Rust):
 * a snippet reaches a sink the way a file does (no other file is read). `outer` maps the
 * documentation's offsets to the file's.
 */
async function snippetPins(file: string, doc: string, outer: Mapping, fallback: AdapterName): Promise<FlowPin[]> {
  const out: FlowPin[] = [];
  for (const block of markdownBlocks(doc)) {
    if (block.kind !== 'fence' || !mayReachSink(block.body.text)) continue;
    // rustdoc's info string: `rust,no_run`, `no_run`, `ignore`, or nothing (all Rust).
    const first = block.info.split(/[,\s{]/)[0];
    const language = first === '' || (fallback === 'rust' && /^(?:no_run|ignore|should_panic|compile_fail|edition\d+)$/.test(first)) ? fallback : adapterNameForFence(first);
    if (fallback === 'markdown' && first === '') continue;
    const lower = await lowering(language);
    if (!lower) continue;
    // rustdoc runs an example's statements inside a `fn main`.
    const wrap = language === 'rust' && !/\bfn\s+main\b/.test(block.body.text) ? 'fn main() {\n' : '';
    const code = wrap === '' ? block.body.text : `${wrap}${block.body.text}\n}\n`;
    let found: FlowPin[];
    try {
      found = flowPins(programOf(lower(code, file), file, NO_PROJECT), code, doc);
    } catch {
      continue;
    }
    const map = (at: number, end: boolean) => {
      const i = Math.max(0, at - wrap.length);
      return end ? outer.endOf(block.body.endOf(i)) : outer.startOf(block.body.startOf(i));
    };
    for (const pin of found) {
      if (pin.file !== file) continue;
      out.push({ ...pin, start: map(pin.start, false), end: map(pin.end, true), use: { file, start: map(pin.use.start, false) } });
    }
  }
  return out;
}
