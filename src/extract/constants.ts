import { dirname } from 'node:path';
import type { ConstantLookup } from './types.js';
import { HUB_HOST_PATTERN } from './prefilter.js';

/**
 * The project-wide index of string constants that hold a Hub URL (`export const HUB_API =
 * "https://hub.docker.com/v2"`). A cheap regex pass per file; adapters ask it when a file
 * uses a name it does not define itself.
 */
const DEFINITIONS: RegExp[] = [
  // JS/TS: [export] const NAME [: type] = 'value'
  // (Blanks are [ \t], not \s, so that the patterns stay linear: with \s the run after one \n
  // would be scanned again from every \n inside it.)
  /(?:^|\n)[ \t]*(?:export[ \t]+)?(?:const|let|var)[ \t]+([A-Za-z_$][\w$]*)[ \t]*(?::[ \t]*[\w<>[\]|][\w<>[\]| ]*)?=\s*(['"`])([^'"`\n]*)\2/g,
  // Python / Ruby / shell-like module level: NAME = "value"
  /(?:^|\n)([A-Za-z_]\w*)[ \t]*(?::[ \t]*\w+[ \t]*)?=\s*(['"])([^'"\n]*)\2/g,
  // Go: const NAME = "value" and NAME = "value" inside const ( ... ) blocks
  /(?:^|\n)[ \t]*(?:const[ \t]+)?([A-Za-z_]\w*)[ \t]*(?:string[ \t]*)?=\s*(")([^"\n]*)"/g,
  // Java / C#: [modifiers] [static final | const] String NAME = "value" (a field another file of the package reads)
  /(?:^|\n)[ \t]*(?:(?:public|private|protected|internal|static|final|const|readonly)[ \t]+)+(?:String|string)[ \t]+([A-Za-z_]\w*)[ \t]*=\s*(")([^"\n]*)"/g,
];

interface Entry {
  file: string;
  value: string;
}

export class ConstantIndex implements ConstantLookup {
  private readonly byName = new Map<string, Entry[]>();
  /** Every name an entry was added under, in order: what a file linted early may have missed. */
  private readonly added: string[] = [];

  addFile(file: string, text: string): void {
    if (!HUB_HOST_PATTERN.test(text)) return;
    for (const re of DEFINITIONS) {
      for (const m of text.matchAll(re)) {
        const value = m[3];
        if (!HUB_HOST_PATTERN.test(value)) continue;
        const list = this.byName.get(m[1]) ?? [];
        if (!list.some((e) => e.file === file && e.value === value)) {
          list.push({ file, value });
          this.added.push(m[1]);
        }
        this.byName.set(m[1], list);
      }
    }
  }

  get(name: string, fromFile: string): string | undefined {
    const list = this.byName.get(name);
    if (!list || list.length === 0) return undefined;
    const values = new Set(list.map((e) => e.value));
    if (values.size === 1) return list[0].value;
    // Several definitions: the same folder (a Go package, a sibling module) wins.
    const near = list.filter((e) => dirname(e.file) === dirname(fromFile));
    return near.length > 0 && new Set(near.map((e) => e.value)).size === 1 ? near[0].value : undefined;
  }

  names(): Iterable<string> {
    return this.byName.keys();
  }

  /** A mark of the index as it is now, for namesAddedSince(). */
  mark(): number {
    return this.added.length;
  }

  /** The names given a definition after mark() returned `mark` (new names, or new values of old ones). */
  namesAddedSince(mark: number): string[] {
    return [...new Set(this.added.slice(mark))];
  }
}
