import { programOf } from '../../extract/lower/evaluate.js';
import { markdownBlocks } from '../../extract/markdown/blocks.js';
import { adapterNameFor, adapterNameForFence, loadAdapter, type AdapterName } from '../../extract/registry.js';
import { loweringOf } from '../../extract/resolve/project.js';
import { NO_PROJECT, type ProjectLookup } from '../../extract/types.js';
import { flowPins, type FlowPin } from './flow.js';
import { DAEMON_ADDRESS, SINK_NEEDLES } from './sinks.js';

/** The languages with a lowering (extract/lower/): Kotlin joins when its lowering registers. */
const LOWERED = new Set<string>(['python', 'go', 'js', 'java', 'kotlin', 'csharp', 'rust', 'ruby', 'php', 'shell', 'powershell', 'perl']);
/** Names a pin variable set in code (`process.env.DOCKER_API_VERSION = v`). */
const VARIABLE = /(?:DOCKER|COMPOSE|DOCKER_MIN)_API_VERSION/;
/** An Engine path built from a name: `/v` then an interpolation or a concatenation. */
const BUILT_PATH = /\/v(?:[#$]?\{|["'`]\s*[+.]|\$[A-Za-z_])|\/["'`]\s*[+.]|\/\$\{?[A-Za-z_]\w*\}?\/(?:containers|images|version|_ping|info)/;

/**
 * The cheap test before any grammar loads: a file that names no sink, sets no pin variable and
 * builds no Engine path on a daemon address cannot hold a pin found by data flow.
 */
export function mayReachSink(text: string): boolean {
  return SINK_NEEDLES.some((n) => text.includes(n)) || VARIABLE.test(text) || (DAEMON_ADDRESS.test(text) && BUILT_PATH.test(text));
}

async function lowering(adapter: AdapterName) {
  if (!LOWERED.has(adapter)) return undefined;
  if (!loweringOf(adapter)) {
    if (adapter === 'js') await import('../../extract/lower/js-adapter.js');
    else await loadAdapter(adapter);
  }
  return loweringOf(adapter);
}

/** One file's flow pins (also in other files, through `project`); Markdown code blocks each as their own snippet. */
export async function findFlowPins(file: string, text: string, project: ProjectLookup = NO_PROJECT): Promise<FlowPin[]> {
  if (!mayReachSink(text)) return [];
  const adapter = adapterNameFor(file);
  if (adapter === 'markdown') return markdownPins(file, text);
  const lower = await lowering(adapter);
  if (!lower) return [];
  return flowPins(programOf(lower(text, file), file, project), text);
}

/** Fenced code blocks in a lowered language: a snippet reaches a sink the way a file does (no other file is read). */
async function markdownPins(file: string, text: string): Promise<FlowPin[]> {
  const out: FlowPin[] = [];
  for (const block of markdownBlocks(text)) {
    if (block.kind !== 'fence' || !mayReachSink(block.body.text)) continue;
    const lower = await lowering(adapterNameForFence(block.info));
    if (!lower) continue;
    let found: FlowPin[];
    try {
      found = flowPins(programOf(lower(block.body.text, file), file, NO_PROJECT), block.body.text);
    } catch {
      continue;
    }
    for (const pin of found) {
      if (pin.file !== file) continue;
      out.push({ ...pin, start: block.body.startOf(pin.start), end: block.body.endOf(pin.end), use: { file, start: block.body.startOf(pin.use.start) } });
    }
  }
  return out;
}
