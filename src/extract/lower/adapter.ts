import { loadParser, type Grammar, type SyntaxTree } from '../../runtime/parsers.js';
import { timed } from '../../runtime/stage-clock.js';
import type { Candidate } from '../../core/types.js';
import type { Mapped } from '../shell/mapped.js';
import type { Adapter, AdapterContext } from '../types.js';
import { loweredBefore, registerLowering, rememberLowered } from '../resolve/project.js';
import { candidatesOf } from './candidates.js';
import type { Lowered } from './form.js';

export type Lowering = (tree: SyntaxTree, text: string) => Lowered;

/**
 * A language read by a tree-sitter grammar and lowered into the shared form: its grammar, its
 * lowering module (loaded with the adapter) and the wrappings its snippets may need. Each
 * language states its own (languages' `*-tree.ts`), so this shared module names none.
 */
export interface TreeSpec {
  readonly name: string;
  readonly grammar: Grammar;
  readonly lower: () => Promise<Lowering>;
  /**
   * Snippets (Markdown code blocks, docs) often leave out what a file needs around them: a Go
   * snippet has no `package` clause and statements outside any function. Each wrapping is tried
   * in turn until one parses without errors; candidates are shifted back to the snippet's
   * offsets. `always`: wrapped even when the plain parse has no error (PHP without `<?php`
   * parses as page text).
   */
  readonly wraps?: ReadonlyArray<{ when: { test(text: string): boolean }; before: string; after: string; always?: boolean }>;
}

/**
 * An adapter that parses with tree-sitter, lowers the tree and runs the shared resolver.
 * The grammar loads when the adapter does, i.e. for the first file that passed the
 * prefilter; extraction itself stays synchronous.
 */
export async function treeAdapter(spec: TreeSpec, loadRecovery?: () => Promise<Adapter>): Promise<Adapter> {
  const language = spec.name;
  const wraps = spec.wraps ?? [];
  const [parser, lower, recovery] = await Promise.all([loadParser(spec.grammar), spec.lower(), loadRecovery?.()]);
  // Other files of the language can now be read when a site needs one of their values.
  registerLowering(language, (text) => {
    const tree = timed(`parse ${language}`, () => parser.parse(text));
    try {
      const lowered = timed(`lower ${language}`, () => lower(tree, text));
      return tree.rootNode.hasError ? { ...lowered, syntaxErrors: true } : lowered;
    } finally {
      tree.delete();
    }
  });
  const alwaysWrapped = (text: string) => wraps.some((w) => w.always && w.when.test(text));
  return {
    name: language,
    extract(path, text, ctx) {
      // Lowered already in this run (the pin search, another file's question) from a clean tree: not again.
      const before = loweredBefore(language, path, text);
      if (before && !before.syntaxErrors && !alwaysWrapped(text)) return timed(`resolve ${language}`, () => candidatesOf(before, path, ctx));
      let tree = timed(`parse ${language}`, () => parser.parse(text));
      let shift = 0;
      let source = text;
      for (const wrap of wraps) {
        if ((!tree.rootNode.hasError && !wrap.always) || !wrap.when.test(text)) break;
        const wrapped = wrap.before + text + wrap.after;
        const next = parser.parse(wrapped);
        if (next.rootNode.hasError) {
          next.delete();
          continue;
        }
        tree.delete();
        [tree, shift, source] = [next, wrap.before.length, wrapped];
      }
      try {
        const lowered = timed(`lower ${language}`, () => lower(tree, source));
        if (shift === 0) rememberLowered(language, path, tree.rootNode.hasError ? { ...lowered, syntaxErrors: true } : lowered);
        const found = timed(`resolve ${language}`, () => candidatesOf(lowered, path, ctx));
        // A syntax error can swallow the rest of the file (stray bytes, an unclosed `(` in
        // a shell script): where the tree gave nothing, a line-oriented reader still can.
        if (found.length === 0 && recovery && tree.rootNode.hasError) return recovery.extract(path, text, ctx);
        if (shift === 0) return found;
        return found
          .map((c) => ({ ...c, start: c.start - shift, end: c.end - shift, at: c.at === undefined ? undefined : c.at - shift }))
          .filter((c) => c.start >= 0 && c.end <= text.length);
      } finally {
        tree.delete();
      }
    },
  };
}

/**
 * Code derived from a file of another kind (a Dockerfile's RUN lines joined over their
 * continuations, ARG/ENV as exports): lowered and resolved like a file of `spec`'s language, each
 * candidate's range mapped back to the source through `script`.
 */
export async function derivedExtractor(spec: TreeSpec): Promise<(path: string, script: Mapped, ctx: AdapterContext) => Candidate[]> {
  const adapter = await treeAdapter(spec);
  return (path, script, ctx) =>
    adapter.extract(path, script.text, ctx).map((c) => ({
      ...c,
      start: script.startOf(c.start),
      end: script.endOf(c.end),
      at: c.at === undefined ? undefined : script.startOf(c.at),
    }));
}
