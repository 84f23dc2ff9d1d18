import { hole } from '../../core/hole.js';
import type { Binding, ShellEnv } from './env.js';
import { Mapped, MappedBuilder } from './mapped.js';
import type { Part, RawWord } from './tokenize.js';
import { cutString } from '../lower/text-cut.js';

export interface Expanded {
  value: Mapped;
  /** Variables whose values went into the word. */
  uses: Binding[];
}

/**
 * Fills a word's variables from `env`; an unknown one becomes a hole named after it. The
 * result maps back through `input` to source offsets: a substituted value maps to the whole
 * `$VAR` reference.
 */
export function expandWord(word: RawWord, input: Mapped, env: ShellEnv): Expanded {
  const b = new MappedBuilder();
  const uses: Binding[] = [];
  const add = (parts: Part[]) => {
    for (const part of parts) {
      if (part.k === 'lit') {
        if (part.exact) b.pushFrom(input, part.at, part.end);
        else b.push(part.text, input.startOf(part.at), input.endOf(part.end), false);
        continue;
      }
      const known = part.k === 'var' ? env.get(part.name) : undefined;
      if (known) {
        uses.push(known);
        const value = part.k === 'var' && part.cut ? cutString(known.value, part.cut, hole(`${part.name}.cut`)) : known.value;
        b.push(value, input.startOf(part.at), input.endOf(part.end), false, true);
      } else if (part.k === 'var' && part.alt) {
        add(part.alt);
      } else {
        b.push(hole(part.name), input.startOf(part.at), input.endOf(part.end), false, true);
      }
    }
  };
  add(word.parts);
  return { value: b.build(), uses };
}

/** Text with `$VAR`/`${VAR}`/`${{ env.VAR }}` references (CI variables), expanded the same way. */
export function expandText(text: string, env: ShellEnv): string {
  return text.replace(/\$\{\{([^{}]*)\}\}|\$\{(\w+)\}|\$([A-Za-z_]\w*)/g, (whole, rawExpr?: string, braced?: string, bare?: string) => {
    const expr = rawExpr?.trim();
    const name = braced ?? bare ?? /^env\.(\w+)$/.exec(expr ?? '')?.[1];
    const known = name ? env.get(name) : undefined;
    return known ? known.value : hole(name ?? expr ?? whole);
  });
}
