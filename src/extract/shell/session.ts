import type { Candidate } from '../../core/types.js';
import { hole, isWholeHole } from '../../core/hole.js';
import { curlRequests } from './curl.js';
import { binding, markUsed, type Binding, type CandidateSink, ShellEnv } from './env.js';
import { expandWord } from './expand.js';
import { httpieRequests } from './httpie.js';
import type { Mapped } from './mapped.js';
import { isPrintName, shellMessage } from '../langs/messages.js';
import { candidateOf, scanValue } from './candidate.js';
import type { Request } from './request.js';
import { tokenize, type RawCommand } from './tokenize.js';
import { wgetRequests } from './wget.js';

/** A command-line word after expansion. */
export interface Word {
  value: Mapped;
  uses: Binding[];
}

/** Recognised HTTP clients: command name (lower case, no `.exe`) to its requests. */
export type ToolTable = Record<string, (args: readonly string[]) => Request[]>;

export const SHELL_TOOLS: ToolTable = {
  curl: curlRequests,
  wget: wgetRequests,
  http: httpieRequests,
  https: httpieRequests,
  xh: httpieRequests,
  xhs: httpieRequests,
};

const ASSIGN = /^([A-Za-z_]\w*)(\+?)=/;
const DECLARE = new Set(['export', 'local', 'declare', 'typeset', 'readonly']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ash', 'ksh']);
// Words that may stand before the command itself; the Markdown-style `$` prompt among them.
const PREFIXES = new Set(['sudo', 'time', 'nohup', 'exec', 'command', 'builtin', '!', '{', '}', 'then', 'do', 'else', 'elif', 'if', 'while', 'until', '$', 'env', 'timeout', 'xargs', 'watch']);
const PREFIX_VALUE_OPTIONS = /^-(?:u|g|n|I|P|L|s|k|C|d)$/;
const MAX_DEPTH = 16;

/**
 * Reads a heredoc fed to an interpreter (`python3 - <<'PY'`, `node <<EOF`) as code of that
 * language: `language` is the adapter's name; false when it is not read (the heredoc is then
 * run as shell, as any other).
 */
export type Embedded = (language: string, body: Mapped) => boolean;

/** Interpreters whose heredoc is a program of their language (the adapter name). */
const INTERPRETERS: ReadonlyArray<[RegExp, string]> = [
  [/^python[\d.]*$/, 'python'],
  [/^(?:node|nodejs|deno|bun)$/, 'js'],
  [/^ruby$/, 'ruby'],
  [/^php$/, 'php'],
  [/^perl$/, 'perl'],
];

/** The option that gives an interpreter its program as the next word: python's `-c`, node's, ruby's and perl's `-e`, php's `-r`. */
const PROGRAM_OPTION = /^-(?:c|e|E|r)$/;

export interface SessionOptions {
  tools?: ToolTable;
  /** Heredocs of interpreters read in their language (see Embedded). */
  embedded?: Embedded;
  /** Values of names a sourced file may define (the project's constants). */
  imports?: (name: string) => string | undefined;
}

/**
 * Walks shell commands in order, keeping variables, and turns the URL arguments of known
 * HTTP clients into candidates with their method; any other Hub URL is a GET by default.
 */
export class ShellSession {
  readonly env: ShellEnv;
  private sourced = false;
  private readonly tools: ToolTable;

  constructor(
    private readonly sink: CandidateSink,
    parent: ShellEnv = new ShellEnv(),
    private readonly options: SessionOptions = {},
    private readonly depth = 0,
  ) {
    this.tools = options.tools ?? SHELL_TOOLS;
    this.env = parent.child((name) => (this.sourced ? options.imports?.(name) : undefined));
  }

  /** Runs a script; `input` maps its text back to the source. */
  run(input: Mapped): void {
    for (const cmd of tokenize(input.text)) this.runCommand(cmd, input);
  }

  runCommands(commands: readonly RawCommand[], input: Mapped): void {
    for (const cmd of commands) this.runCommand(cmd, input);
  }

  private runCommand(cmd: RawCommand, input: Mapped): void {
    let i = 0;
    for (; i < cmd.words.length; i++) {
      const first = cmd.words[i].parts[0];
      if (first?.k !== 'lit' || !ASSIGN.test(first.text)) break;
      this.assignWord(expandWord(cmd.words[i], input, this.env));
    }
    const argv = cmd.words.slice(i).map((w) => expandWord(w, input, this.env));
    this.command(argv, cmd.consumed === true);
    const language = cmd.heredocs.length > 0 ? interpreterOf(argv) : undefined;
    for (const h of cmd.heredocs) {
      const body = input.slice(h.from, h.to);
      if (!(language && this.options.embedded?.(language, body))) this.nested().run(body);
    }
    for (const w of cmd.hereStrings) this.scan(expandWord(w, input, this.env));
  }

  private nested(): ShellSession {
    return new ShellSession(this.sink, this.env, this.options, this.depth + 1);
  }

  /** `NAME=value` as one word. */
  assignWord(w: Word): void {
    const m = ASSIGN.exec(w.value.text);
    if (!m) return;
    this.assign(m[1], { value: w.value.slice(m[0].length), uses: w.uses }, m[2] === '+');
  }

  assign(name: string, w: Word, append = false): void {
    let value = w.value.text;
    if (isWholeHole(value)) value = hole(name);
    if (append) value = (this.env.get(name)?.value ?? '') + value;
    const b = binding(value, scanValue(w.value), w.uses);
    this.env.set(name, b);
    this.sink.track(b);
  }

  /** One command line, its words already expanded; `consumed` when its output is read (tokenize.ts). */
  command(argv: Word[], consumed = false): void {
    const k = skipPrefixes(argv);
    if (k >= argv.length) return;
    const name = basename(argv[k].value.text);
    const args = argv.slice(k + 1);
    const tool = Object.hasOwn(this.tools, name) ? this.tools[name] : undefined;
    if (this.program(argv, args)) return;
    if (tool) {
      for (const r of tool(args.map((a) => a.value.text))) this.request(args, r);
    } else if (DECLARE.has(name)) {
      args.forEach((a) => this.assignWord(a));
    } else if (SHELLS.has(name) && this.depth < MAX_DEPTH && this.shellScript(args)) {
      return;
    } else if (consumed || !this.message(name, args)) {
      if (name === 'source' || name === '.') this.sourced = true;
      argv.slice(k).forEach((w) => this.scan(w));
    }
  }

  /** `python3 -c "…"`, `node -e "…"`: the program read in its language (SessionOptions.embedded); false when it is not. */
  private program(argv: Word[], args: Word[]): boolean {
    const embedded = this.options.embedded;
    const language = embedded && interpreterOf(argv);
    if (!embedded || !language) return false;
    const at = args.findIndex((a) => PROGRAM_OPTION.test(a.value.text));
    return at !== -1 && at + 1 < args.length && embedded(language, args[at + 1].value);
  }

  /** A message for a person (langs/messages.ts): `echo "curl -s https://…"` is no request. */
  private message(name: string, args: Word[]): boolean {
    if (!isPrintName(name)) return false;
    const at = args.findIndex((a) => scanValue(a.value).length > 0);
    return at !== -1 && shellMessage(name, args.map((a) => a.value.text), at);
  }

  private shellScript(args: Word[]): boolean {
    const c = args.findIndex((a) => /^-[abd-z]*c[a-z]*$/.test(a.value.text));
    if (c === -1 || c + 1 >= args.length) return false;
    this.nested().run(args[c + 1].value);
    return true;
  }

  private request(args: Word[], r: Request): void {
    for (const i of r.urls) {
      const w = args[i];
      const text = w.value.text;
      // `--url=URL`, `-Uri:URL`: the URL is the option's value.
      const from = /^-[\w-]+[=:]/.exec(text)?.[0].length ?? 0;
      if (from >= text.length) continue;
      this.sink.add(candidateOf(w.value, from, text.length, r));
      w.uses.forEach(markUsed);
    }
  }

  /** A word outside a request: its Hub URLs are GETs by default. */
  scan(w: Word): void {
    const found: Candidate[] = scanValue(w.value);
    found.forEach((c) => this.sink.add(c));
    if (found.length) w.uses.forEach(markUsed);
  }
}

/**
 * The heredocs of a script fed to an interpreter (`python3 - <<'PY'`, `node <<EOF`): each body
 * with the adapter name of its language. Words are expanded without values: only the command's
 * name is read.
 */
export function interpreterHeredocs(script: Mapped): Array<{ language: string; body: Mapped }> {
  const out: Array<{ language: string; body: Mapped }> = [];
  const env = new ShellEnv();
  for (const cmd of tokenize(script.text)) {
    if (cmd.heredocs.length === 0) continue;
    const first = cmd.words.findIndex((w) => !(w.parts[0]?.k === 'lit' && ASSIGN.test(w.parts[0].text)));
    const language = first < 0 ? undefined : interpreterOf(cmd.words.slice(first).map((w) => expandWord(w, script, env)));
    if (language) for (const h of cmd.heredocs) out.push({ language, body: script.slice(h.from, h.to) });
  }
  return out;
}

/** The language of the interpreter a command runs (`python3 - <<'PY'`, `sudo node`), if any. */
function interpreterOf(argv: Word[]): string | undefined {
  const k = skipPrefixes(argv);
  const name = k < argv.length ? basename(argv[k].value.text) : '';
  return INTERPRETERS.find(([re]) => re.test(name))?.[1];
}

function basename(cmd: string): string {
  return cmd.slice(cmd.lastIndexOf('/') + 1).replace(/\.exe$/i, '').toLowerCase();
}

function skipPrefixes(argv: Word[]): number {
  let k = 0;
  while (k < argv.length && PREFIXES.has(argv[k].value.text)) {
    const prefix = argv[k++].value.text;
    for (; k < argv.length; k++) {
      const t = argv[k].value.text;
      if (prefix === 'env' && ASSIGN.test(t)) continue;
      if (!t.startsWith('-') || prefix === '$' || prefix === '!') break;
      if (PREFIX_VALUE_OPTIONS.test(t)) k++;
    }
    // `timeout 10 curl ...`, `watch -n 5 curl ...`: the duration is not the command.
    if (prefix === 'timeout' && k < argv.length && /^\d/.test(argv[k].value.text)) k++;
  }
  return k;
}
