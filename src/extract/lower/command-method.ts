import { DEFAULT_GET, type Evidence } from '../langs/method-evidence.js';

/** How far from its URL a command's words are read (a curl line of flags and headers fits). */
const COMMAND_REACH = 2048;

/** A backslash that ends a line: the command goes on over the next. */
const CONTINUED = /\\[ \t]*\r?\n/g;

/**
 * A URL inside a command string (`execSync('curl -sI https://…')`, `subprocess.run("curl …")`): the
 * method from the curl or wget flags of the command around it, as the shell adapter reads
 * them; GET by default.
 */
export function commandMethod(text: string, urlAt: number): Evidence {
  // Only the COMMAND_REACH characters on either side are read: a comment or a line holding
  // thousands of URLs made each URL read the whole text before it (quadratic); a command's
  // flags stand near its URL.
  const from = Math.max(0, urlAt - COMMAND_REACH);
  // A command continued over lines (`curl \` / `  -X DELETE \` / `  https://…`, also in a comment): one command.
  const before = text.slice(from, urlAt).replace(CONTINUED, '  ');
  const cmdStart = from + Math.max(before.lastIndexOf(';'), before.lastIndexOf('&&'), before.lastIndexOf('|'), before.lastIndexOf('\n'));
  const after = text.slice(urlAt, urlAt + COMMAND_REACH).replace(CONTINUED, '  ');
  const afterCut = after.search(/;|&&|\||\n/);
  const command = before.slice(cmdStart + 1 - from) + (afterCut === -1 ? after : after.slice(0, afterCut));
  const tool = /(?:^|[\s"'=(`])(curl|wget|http|xh)\s/.exec(command)?.[1];
  if (!tool) return DEFAULT_GET;
  const words = command.split(/\s+/);
  if (tool === 'curl') {
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      const x = /^(?:-X|--request=?)(\w*)$/.exec(w);
      if (x) return { method: (x[1] || words[i + 1] || '').toUpperCase() || null, source: 'explicit' };
    }
    if (words.some((w) => w === '--head' || /^-[a-zA-HJ-Z]*I[a-zA-Z]*$/.test(w))) return { method: 'HEAD', source: 'implied' };
    if (words.some((w) => /^(?:-d|-F|--data(?:-\w+)?|--form|--json)(?:=|$)/.test(w) || /^-[a-zA-Z]*[dF]/.test(w))) {
      return { method: 'POST', source: 'implied' };
    }
    return DEFAULT_GET;
  }
  if (tool === 'wget') {
    const m = /--method[= ](\w+)/.exec(command);
    if (m) return { method: m[1].toUpperCase(), source: 'explicit' };
    if (/--post-(?:data|file)/.test(command)) return { method: 'POST', source: 'implied' };
    return DEFAULT_GET;
  }
  // HTTPie / xh: `http HEAD https://…`, `http POST …`
  const verb = /(?:^|\s)(?:http|xh)\s+(?:-\S+\s+)*(GET|HEAD|POST|PUT|PATCH|DELETE)\s/i.exec(command)?.[1];
  return verb ? { method: verb.toUpperCase(), source: 'explicit' } : DEFAULT_GET;
}
