/**
 * Calls and commands that show text to a person: print and echo, loggers, error messages. A
 * URL handed to one is a message (`logger.info(f"GET {url}")`, `echo "curl -s https://hub…/v2/…"`,
 * `print("open https://hub… in a browser")`), not a request: the construction the request
 * sends is reported where it is built, once. Text-level tests shared by the lowered form
 * (lower/printed.ts) and the shell session (shell/session.ts).
 */

/**
 * Names of printing calls, matched on the call's last name (`console.log`, `fmt.Printf`,
 * `Console.WriteLine`, `_logger.LogInformation`, `println!`, `t.Errorf`, `Write-Host`), and
 * shell functions named as loggers (`log_info`, `warn`, `die`).
 */
const PRINTS = new RegExp(
  '^(?:' +
    [
      'print|println|printf|eprint|eprintln|puts|say|echo|secho|pprint|print_r|var_dump|error_log',
      'log|logger|info|debug|warn|warning|error|err|trace|fatal|critical|exception|notice|verbose|panic|die|msg',
      '(?:log|info|debug|warn|warning|error|err|msg|print|echo)_\\w+|\\w+_(?:log|info|debug|warn|warning|error|err|msg|print|echo)',
      '(?:Print|Info|Debug|Warn|Warning|Error|Fatal|Panic|Log|Trace)(?:f|ln)?',
      'Log(?:Information|Debug|Warning|Error|Trace|Critical)|WriteLine',
      'Write-(?:Host|Verbose|Warning|Debug|Information)',
      // Exceptions and errors built with a message: `raise RuntimeError(f"GET {url} failed")`, `new Error(...)`.
      '[A-Z]\\w*(?:Error|Exception)',
    ].join('|') +
    ')$',
);

/** Whether a call or command named `name` prints (or raises) what it is given. */
export function isPrintName(name: string): boolean {
  return PRINTS.test(name);
}

/** The shell's own output commands: what they print may be read back (`$(echo …)`, a function's output). */
const SHELL_OUTPUT = /^(?:echo|printf|print)$/;
/** A printf format that builds a value: only conversions and escapes, or a path of its own. */
const FORMAT_VALUE = /^(?:\s|%[-+ #0-9.]*[a-zA-Z%]|\\[a-z\\])*$|[/.]\w/;

/**
 * Whether a shell command's words are a message for a person. `texts` are its arguments (a
 * value read into one stands as a word), `index` the one holding the URL. A logger function
 * always prints; echo and printf print a value as well (`url=$(echo "…")`, a function that
 * echoes the URL it builds): theirs is a message when echo has more than one word or a
 * sentence, or printf's format says more than conversions (`'GET %s\n'`).
 */
export function shellMessage(name: string, texts: readonly string[], index: number): boolean {
  if (!SHELL_OUTPUT.test(name)) return isPrintName(name);
  if (name === 'printf') {
    if (texts[0] === '-v') return false;
    return index === 0 ? sentence(texts[0] ?? '') : !FORMAT_VALUE.test(texts[0] ?? '');
  }
  const words = texts.filter((t, i) => i !== 0 || !/^-[neE]+$/.test(t));
  return words.length > 1 || words.some(sentence);
}

/** Words around the URL: text with a space inside it, not counting the ends. */
export function sentence(text: string): boolean {
  return /\S\s+\S/.test(text);
}
