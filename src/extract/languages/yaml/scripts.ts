import type { Node, Pair, Scalar } from 'yaml';
import { yamlLib } from '../../../runtime/yaml-lib.js';
import type { Block } from '../markdown/blocks.js';
import { MappedBuilder, type Mapped } from '../../shell/mapped.js';
import { alignScalar } from './align.js';

const { isMap, isPair, isScalar, isSeq, parseAllDocuments } = yamlLib();

/**
 * Keys whose value is a shell script (or a list of command lines sharing one shell): GitHub
 * Actions `run`, GitLab CI `script`s, Drone/Woodpecker `commands`, Azure `bash`. The adapter
 * reads them through the shell extractor; the fix step lexes them as shell (below).
 */
export const SHELL_KEYS = new Set(['run', 'script', 'before_script', 'after_script', 'commands', 'bash', 'sh']);

const stringScalar = (node: unknown): node is Scalar<string> => isScalar(node) && typeof node.value === 'string';
const keyOf = (p: Pair): string => (isScalar(p.key) ? String(p.key.value) : '');

/**
 * A script's text as the shell reads it, mapped to the file. A literal block (`run: |`) is its
 * source lines whole, indentation kept: leading blanks mean nothing to the shell's tokens, and a
 * construct spanning lines (`$(curl … \`, a quoted JSON body) then maps one to one, as the fix
 * step needs. Other scalars as the scan reads them (align.ts).
 */
function scriptText(text: string, node: Scalar<string>): Mapped {
  const range = node.range;
  if (node.type !== 'BLOCK_LITERAL' || !range) return alignScalar(text, node);
  const from = text.indexOf('\n', range[0]) + 1;
  const to = Math.max(from, range[1]);
  const b = new MappedBuilder();
  if (from > 0) b.push(text.slice(from, to), from, to, true);
  return b.build();
}

/**
 * The fix step's view of a CI file (issue 31): each shell script a step runs (`run: |`, a
 * `script:` list's lines), as a code block mapped back to the file, for the fix planner and the
 * verifier to lex as shell where the scan read it as shell (a login's body and its `jq -r .token`
 * sit in the same script). A step with `shell: pwsh` is PowerShell, not read here; a file that
 * does not parse (a Helm template) has no blocks, so its URLs keep the whole-token rule.
 */
export function yamlScriptBlocks(text: string): Block[] {
  const docs = parseAllDocuments(text, { uniqueKeys: false, prettyErrors: false });
  if (docs.some((d) => d.errors.length > 0)) return [];
  const out: Block[] = [];
  const stack: unknown[] = docs.map((d) => d.contents);
  let budget = 200_000;
  while (stack.length && budget-- > 0) {
    const node = stack.pop();
    if (isSeq(node)) stack.push(...node.items);
    if (!isMap(node)) continue;
    const shell = node.items.find((p) => keyOf(p) === 'shell');
    const pwsh = shell !== undefined && stringScalar(shell.value) && /^(?:pwsh|powershell)\b/.test(shell.value.value);
    for (const p of node.items) {
      if (!isPair(p)) continue;
      const scripts = SHELL_KEYS.has(keyOf(p)) && !pwsh ? (isSeq(p.value) ? p.value.items : [p.value]) : [];
      const lines = scripts.filter(stringScalar);
      for (const line of lines) out.push({ kind: 'fence', info: 'bash', body: scriptText(text, line) });
      if (lines.length === 0 || lines.length < scripts.length) stack.push(p.value as Node);
    }
  }
  return out.filter((b) => b.body.text.length > 0).sort((a, z) => a.body.startOf(0) - z.body.startOf(0));
}
