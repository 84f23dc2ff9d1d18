import { loadParser, type Grammar, type SyntaxTree } from '../../runtime/parsers.js';
import { timed } from '../../runtime/stage-clock.js';
import type { Candidate } from '../../core/types.js';
import type { Mapped } from '../shell/mapped.js';
import type { Adapter, AdapterContext } from '../types.js';
import { loweredBefore, registerLowering, rememberLowered } from '../resolve/project.js';
import { candidatesOf } from './candidates.js';
import type { Lowered } from './form.js';

type Lowering = (tree: SyntaxTree, text: string) => Lowered;

/**
 * Snippets (Markdown code blocks, docs) often leave out what a file needs around them: a Go
 * snippet has no `package` clause and statements outside any function. Each wrapping is tried
 * in turn until one parses without errors; candidates are shifted back to the snippet's offsets.
 */
const PACKAGE_CLAUSE = /^[ \t]*package[ \t]/m;
const NO_PACKAGE = { test: (text: string) => !PACKAGE_CLAUSE.test(text) };

const PHP_TAG = /<\?(?:php|=)/i;
const NO_PHP_TAG = { test: (text: string) => !PHP_TAG.test(text) };

/** `always`: wrapped even when the plain parse has no error (PHP without `<?php` parses as page text). */
const WRAPS: Record<string, Array<{ when: { test(text: string): boolean }; before: string; after: string; always?: boolean }>> = {
  php: [{ when: NO_PHP_TAG, before: '<?php\n', after: '', always: true }],
  go: [
    { when: NO_PACKAGE, before: 'package snippet\n', after: '' },
    { when: NO_PACKAGE, before: 'package snippet\nfunc snippet() {\n', after: '\n}\n' },
  ],
};

/** Each language on the new path: its tree-sitter grammar and its lowering module. */
const LOWERINGS: Record<string, { grammar: Grammar; load: () => Promise<Lowering> }> = {
  python: { grammar: 'python', load: () => import('./python.js').then((m) => m.lowerPython) },
  go: { grammar: 'go', load: () => import('./go.js').then((m) => m.lowerGo) },
  csharp: { grammar: 'c-sharp', load: () => import('./csharp.js').then((m) => m.lowerCsharp) },
  java: { grammar: 'java', load: () => import('./java.js').then((m) => m.lowerJava) },
  kotlin: { grammar: 'kotlin', load: () => import('./kotlin.js').then((m) => m.lowerKotlin) },
  shell: { grammar: 'bash', load: () => import('./bash.js').then((m) => m.lowerBash) },
  php: { grammar: 'php', load: () => import('./php.js').then((m) => m.lowerPhp) },
  ruby: { grammar: 'ruby', load: () => import('./ruby.js').then((m) => m.lowerRuby) },
  rust: { grammar: 'rust', load: () => import('./rust.js').then((m) => m.lowerRust) },
  powershell: { grammar: 'powershell', load: () => import('./powershell.js').then((m) => m.lowerPowerShell) },
  hcl: { grammar: 'hcl', load: () => import('./hcl.js').then((m) => m.lowerHcl) },
  scala: { grammar: 'scala', load: () => import('./scala.js').then((m) => m.lowerScala) },
};

export type LoweredLanguage = keyof typeof LOWERINGS;

/**
 * An adapter that parses with tree-sitter, lowers the tree and runs the shared resolver.
 * The grammar loads when the adapter does, i.e. for the first file that passed the
 * prefilter; extraction itself stays synchronous.
 */
export async function treeAdapter(language: LoweredLanguage, loadRecovery?: () => Promise<Adapter>): Promise<Adapter> {
  const spec = LOWERINGS[language];
  const [parser, lower, recovery] = await Promise.all([loadParser(spec.grammar), spec.load(), loadRecovery?.()]);
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
  const alwaysWrapped = (text: string) => (WRAPS[language] ?? []).some((w) => w.always && w.when.test(text));
  return {
    name: language,
    extract(path, text, ctx) {
      // Lowered already in this run (the pin search, another file's question) from a clean tree: not again.
      const before = loweredBefore(language, path, text);
      if (before && !before.syntaxErrors && !alwaysWrapped(text)) return timed(`resolve ${language}`, () => candidatesOf(before, path, ctx));
      let tree = timed(`parse ${language}`, () => parser.parse(text));
      let shift = 0;
      let source = text;
      for (const wrap of WRAPS[language] ?? []) {
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
 * continuations, ARG/ENV as exports): lowered and resolved like a file of `language`, each
 * candidate's range mapped back to the source through `script`.
 */
export async function derivedExtractor(language: LoweredLanguage): Promise<(path: string, script: Mapped, ctx: AdapterContext) => Candidate[]> {
  const adapter = await treeAdapter(language);
  return (path, script, ctx) =>
    adapter.extract(path, script.text, ctx).map((c) => ({
      ...c,
      start: script.startOf(c.start),
      end: script.endOf(c.end),
      at: c.at === undefined ? undefined : script.startOf(c.at),
    }));
}
