/**
 * getopt-style walking of a command's arguments: clustered short flags (`-sSfL`, `-XPOST`),
 * long options with `=value` or a separate value, and `--` ending the options.
 */
export interface OptionSpec {
  /** Short flags that take a value (`X` for curl's `-X`). */
  shortWithValue: string;
  /** Long options that take a value, without the dashes. */
  longWithValue: ReadonlySet<string>;
}

export interface OptionVisitor {
  /** `name` is `X` or `request`; `value` is undefined for a flag. `at` is the value's word. */
  option(name: string, value: string | undefined, at: number): void;
  positional(value: string, at: number): void;
}

export function walkOptions(args: readonly string[], spec: OptionSpec, v: OptionVisitor): void {
  let onlyPositional = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (onlyPositional || !a.startsWith('-') || a === '-') {
      v.positional(a, i);
    } else if (a === '--') {
      onlyPositional = true;
    } else if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = (eq === -1 ? a.slice(2) : a.slice(2, eq)).toLowerCase();
      if (eq !== -1) v.option(name, a.slice(eq + 1), i);
      else if (spec.longWithValue.has(name) && i + 1 < args.length) v.option(name, args[++i], i);
      else v.option(name, undefined, i);
    } else {
      for (let k = 1; k < a.length; k++) {
        const f = a[k];
        if (!spec.shortWithValue.includes(f)) {
          v.option(f, undefined, i);
          continue;
        }
        if (k + 1 < a.length) v.option(f, a.slice(k + 1), i);
        else if (i + 1 < args.length) v.option(f, args[++i], i);
        break;
      }
    }
  }
}
