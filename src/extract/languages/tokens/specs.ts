import type { LanguageSpec } from '../../langs/spec.js';
import { CHAR_LITERAL, C_COMMENTS, WORD } from '../../langs/syntax.js';

/**
 * The lexical forms of the languages read by the generic token lowering (languages/tokens/adapter.ts):
 * Swift, Scala, Dart, Elixir and Lua have no grammar shipped as WebAssembly, and what matters
 * for a URL in them (strings with their splices, concatenation, declarations, calls) is close
 * enough to share one descent.
 */

/** Swift: `"...\(x)..."` and `"""..."""`; raw `#"..."#` strings are left to the text scan. */
export const swiftSpec: LanguageSpec = {
  name: 'swift',
  ...C_COMMENTS,
  strings: [
    { open: /(?<q>""")/y, escape: 'backslash', interp: 'swift', multiline: true },
    { open: /(?<q>")/y, escape: 'backslash', interp: 'swift' },
  ],
  ident: WORD,
};

/** A Scala splice is a block of code (`${\n  owner\n}`): a few lines, never a file's worth. */
const SCALA_SPLICE_LINES = 20;

/**
 * Scala: only an interpolator's strings splice (`s"$x ${y}"`, `f"..."`, sttp's `uri"..."`);
 * a plain `"..."` is literal text.
 */
export const scalaSpec: LanguageSpec = {
  name: 'scala',
  ...C_COMMENTS,
  strings: [
    { open: /[A-Za-z]\w{0,2}(?<q>""")/y, escape: 'none', interp: 'dollar', multiline: true, spliceLines: SCALA_SPLICE_LINES },
    { open: /[A-Za-z]\w{0,2}(?<q>")/y, escape: 'backslash', interp: 'dollar', spliceLines: SCALA_SPLICE_LINES },
    { open: /(?<q>""")/y, escape: 'none', multiline: true },
    { open: /(?<q>")/y, escape: 'backslash' },
  ],
  opaque: [CHAR_LITERAL],
  ident: WORD,
};

/** Dart: `'$x ${y}'` in both quotes and their triple forms; raw `r'...'` never splices. */
export const dartSpec: LanguageSpec = {
  name: 'dart',
  ...C_COMMENTS,
  strings: [
    { open: /r(?<q>'''|""")/y, escape: 'none', multiline: true },
    { open: /r(?<q>['"])/y, escape: 'none' },
    { open: /(?<q>'''|""")/y, escape: 'backslash', interp: 'dollar', multiline: true },
    { open: /(?<q>['"])/y, escape: 'backslash', interp: 'dollar' },
  ],
  ident: WORD,
};

/**
 * Elixir: `"...#{x}..."`, heredocs, charlists. A module attribute (`@base`) is one name, and
 * a call's `!`/`?` (`HTTPoison.get!(url)`) belongs to its name.
 */
export const elixirSpec: LanguageSpec = {
  name: 'elixir',
  lineComments: ['#'],
  blockComments: [],
  strings: [
    { open: /(?<q>""")/y, escape: 'backslash', interp: 'hash', multiline: true },
    { open: /(?<q>")/y, escape: 'backslash', interp: 'hash', multiline: true },
    { open: /(?<q>')/y, escape: 'backslash', interp: 'hash' },
  ],
  ident: /@?[A-Za-z_]\w*(?:[!?](?=\())?/y,
};

/** Lua: `'...'`, `"..."` and long brackets `[[...]]`, `[==[...]==]`; `--` and `--[[ ... ]]` comments. */
export const luaSpec: LanguageSpec = {
  name: 'lua',
  lineComments: ['--'],
  blockComments: [['--[[', ']]']],
  strings: [
    { open: /\[(?<q>=*)\[/y, close: (m) => `]${m.groups?.q ?? ''}]`, escape: 'none', multiline: true },
    { open: /(?<q>['"])/y, escape: 'backslash' },
  ],
  ident: WORD,
};

/**
 * R: `'...'` and `"..."` (no splices: strings are built by paste/paste0/sprintf/glue calls),
 * raw `r"(...)"` strings; a name may hold dots (`hub.url`, `.base`), not start a number.
 */
export const rSpec: LanguageSpec = {
  name: 'r',
  lineComments: ['#'],
  blockComments: [],
  strings: [
    { open: /[rR](?<q>["'])\(/y, close: (m) => `)${m.groups?.q ?? '"'}`, escape: 'none' },
    { open: /(?<q>["'])/y, escape: 'backslash' },
  ],
  ident: /(?:[A-Za-z]|\.(?![0-9]))[\w.]*/y,
};

/** C: `"..."` with backslash escapes; `'x'` is a character, never a string. */
export const cSpec: LanguageSpec = {
  name: 'c',
  ...C_COMMENTS,
  strings: [{ open: /(?<q>")/y, escape: 'backslash' }],
  opaque: [CHAR_LITERAL],
  ident: WORD,
};
