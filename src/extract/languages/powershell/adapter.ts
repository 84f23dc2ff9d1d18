import { hole } from '../../../core/hole.js';
import type { Adapter } from '../../types.js';
import { importsOf } from '../../shell/adapter.js';
import { curlRequests } from '../../shell/curl.js';
import { CandidateSink, type ShellEnv } from '../../shell/env.js';
import { expandWord } from '../../shell/expand.js';
import { Mapped, MappedBuilder } from '../../shell/mapped.js';
import { tokenizePowerShell } from './tokenize.js';
import { DEFAULT_GET, explicitMethod, type Request } from '../../shell/request.js';
import { SHELL_TOOLS, ShellSession, type ToolTable, type Word } from '../../shell/session.js';
import { wgetRequests } from '../../shell/wget.js';

// Invoke-WebRequest / Invoke-RestMethod switches; every other parameter takes a value.
const SWITCHES = new Set(
  'usebasicparsing usedefaultcredentials skipcertificatecheck disablekeepalive passthru resume skipheadervalidation skiphttperrorcheck preserveauthorizationonredirect allowunencryptedauthentication noproxy followrellink allowinsecureredirect proxyusedefaultcredentials'.split(' '),
);

/** Invoke-RestMethod / Invoke-WebRequest: `-Method` is explicit; without it the call is a GET. */
export function webRequests(args: readonly string[]): Request[] {
  let url: number | undefined;
  let method: Pick<Request, 'method' | 'methodSource'> = DEFAULT_GET;
  for (let i = 0; i < args.length; i++) {
    const p = /^-(\w+)(?::(.*))?$/s.exec(args[i]);
    if (!p) {
      url ??= i;
      continue;
    }
    const name = p[1].toLowerCase();
    if (SWITCHES.has(name)) continue;
    const inline = p[2] !== undefined;
    const at = inline ? i : i + 1;
    if (!inline) i++;
    const value = inline ? p[2] : (args[at] ?? '');
    if (name === 'uri' || name === 'url') url = at;
    else if (name === 'method' || name === 'custommethod') method = explicitMethod(value);
  }
  return url === undefined ? [] : [{ urls: [url], ...method }];
}

// In Windows PowerShell `curl` and `wget` are aliases of Invoke-WebRequest; curl.exe is curl.
const WEB_PARAMS = /^-(uri|method|body|headers|usebasicparsing|outfile|contenttype)\b/i;
const either = (native: (args: readonly string[]) => Request[]) => (args: readonly string[]) =>
  args.some((a) => WEB_PARAMS.test(a)) ? webRequests(args) : native(args);

export const PS_TOOLS: ToolTable = {
  ...SHELL_TOOLS,
  curl: either(curlRequests),
  wget: either(wgetRequests),
  'invoke-restmethod': webRequests,
  'invoke-webrequest': webRequests,
  irm: webRequests,
  iwr: webRequests,
};

/** A session that knows PowerShell's HTTP commands. */
export function powershellSession(sink: CandidateSink, env?: ShellEnv, imports?: (name: string) => string | undefined): ShellSession {
  return new ShellSession(sink, env, { tools: PS_TOOLS, imports });
}

/**
 * PowerShell code at `input`: `$name = "..."` assignments (joined with `+`), Invoke-RestMethod
 * and friends, curl.exe; any other Hub URL is a GET by default.
 */
export function runPowerShell(input: Mapped, session: ShellSession): void {
  for (const cmd of tokenizePowerShell(input.text)) {
    const words = cmd.words.map((w) => expandWord(w, input, session.env));
    const target = cmd.words[0]?.parts.length === 1 ? cmd.words[0].parts[0] : undefined;
    if (target?.k !== 'var' || words[1]?.value.text !== '=') {
      session.command(words);
      continue;
    }
    const rest = words.slice(2);
    const first = input.text[cmd.words[2]?.at ?? 0];
    if (rest.length && !/["'$@(]/.test(first ?? '')) {
      session.command(rest);
      const unknown = new MappedBuilder();
      unknown.push(hole(target.name), words[0].value.startOf(0), words[0].value.startOf(0), false, true);
      session.assign(target.name, { value: unknown.build(), uses: [] });
    } else {
      session.assign(target.name, concat(rest.filter((w) => w.value.text !== '+')));
    }
  }
}

export const powershellAdapter: Adapter = {
  name: 'powershell',
  extract(path, text, ctx) {
    const sink = new CandidateSink();
    runPowerShell(Mapped.of(text), powershellSession(sink, undefined, importsOf(path, ctx)));
    return sink.finish();
  },
};

function concat(words: Word[]): Word {
  const b = new MappedBuilder();
  for (const w of words) b.pushFrom(w.value, 0, w.value.text.length);
  return { value: b.build(), uses: words.flatMap((w) => w.uses) };
}
