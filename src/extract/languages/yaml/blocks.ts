import type { Scalar } from 'yaml';
import { yamlLib } from '../../../runtime/yaml-lib.js';
import type { Block } from '../markdown/blocks.js';
import { alignScalar } from './align.js';
import { withoutTemplateLines } from './templates.js';

const { isMap, isScalar, isSeq, parseAllDocuments } = yamlLib();

// Keys whose value is a shell script (or a list of command lines sharing one shell):
// GitHub Actions `run`, GitLab CI `script`s, Drone/Woodpecker `commands`, Azure `bash`.
export const SHELL_KEYS = new Set(['run', 'script', 'before_script', 'after_script', 'commands', 'bash', 'sh']);
export const POWERSHELL_KEYS = new Set(['pwsh', 'powershell']);

const stringScalar = (node: unknown): node is Scalar<string> => isScalar(node) && typeof node.value === 'string';
const keyOf = (key: unknown): string => (isScalar(key) ? String(key.value) : '');

/** Whether `key` (the value of `parent`) holds a CI script: a shell key, or a Compose-like `run: { command: }`. */
export function isScriptKey(key: string, parent: string): boolean {
  return SHELL_KEYS.has(key) || POWERSHELL_KEYS.has(key) || (key === 'command' && parent === 'run');
}

/**
 * The shell scripts of a CI file as blocks (issue 31): each `run: |` scalar and each line of a
 * `script:` list, mapped to its source text, so the fix step lexes them with the shell lexer at
 * their own offsets (as a Markdown fence is). PowerShell scripts (`pwsh:`, `shell: pwsh`) are
 * left out: a fix there is held to the whole-token rule. Everything else is the file's data.
 */
export function yamlScriptBlocks(text: string): Block[] {
  const options = { uniqueKeys: false, prettyErrors: false } as const;
  let docs = parseAllDocuments(text, options);
  // A Helm template is YAML only once rendered: its `{{- if … }}` lines are read as blank (same length).
  if (docs.some((d) => d.errors.length > 0) && text.includes('{{')) docs = parseAllDocuments(withoutTemplateLines(text), options);
  const out: Block[] = [];
  const stack: Array<{ node: unknown; key: string }> = docs.map((d) => ({ node: d.contents, key: '' }));
  for (let f = stack.pop(); f; f = stack.pop()) {
    const { node } = f;
    if (isSeq(node)) node.items.forEach((n) => stack.push({ node: n, key: '' }));
    if (!isMap(node)) continue;
    const shell = node.items.find((p) => keyOf(p.key) === 'shell' && stringScalar(p.value));
    const pwsh = shell ? /^(pwsh|powershell)\b/.test((shell.value as Scalar<string>).value) : false;
    for (const p of node.items) {
      const key = keyOf(p.key);
      if (!isScriptKey(key, f.key) || pwsh || POWERSHELL_KEYS.has(key)) {
        stack.push({ node: p.value, key });
        continue;
      }
      const lines = isSeq(p.value) ? p.value.items : [p.value];
      for (const line of lines) {
        if (stringScalar(line)) out.push({ kind: 'fence', info: 'sh', body: alignScalar(text, line) });
        else stack.push({ node: line, key: '' });
      }
    }
  }
  return out.sort((a, z) => a.body.startOf(0) - z.body.startOf(0));
}
