/**
 * The prefilter on raw bytes: decides whether a file can hold a Hub URL before it is
 * decoded. 99.8% of the benchmark corpus fails this test, and for those files hublint then
 * never builds a UTF-8 string (decoding 206 MB costs more than testing it).
 *
 * It views the bytes as a Latin-1 string (a plain copy into a one-byte V8 string, no UTF-8
 * validation) and tests the same patterns as the text prefilter. For UTF-8 input the answer
 * is the same as on the decoded text: every pattern is ASCII; UTF-8 never encodes a
 * non-ASCII character with ASCII bytes, and a decoder keeps ASCII bytes as they are, even
 * after an invalid sequence; and under the non-Unicode /i flag no character above U+007F
 * folds to an ASCII letter. Two exceptions, both handled by the caller: UTF-16 files (a
 * BOM; decode them and use the text prefilter), and extra hosts matched through
 * String#toLowerCase on the decoded text, which folds the Kelvin sign to `k` (irrelevant
 * for host names, noted for exactness).
 *
 * The gate is exact and in two steps: /docker/i first (every Hub host pattern contains
 * "docker"; a single case-insensitive literal is the regex engine's fastest case), then the
 * full pattern on the few files that pass.
 */

import { HUB_HOST_PATTERN as HUB_HOST } from '../../extract/prefilter.js';
import { escapeRegExp } from '../../core/escape-regexp.js';

// The Hub host needles are the text prefilter's own (one list, extract/prefilter.ts).
const DOCKER = /docker/i;

export interface BytePrefilterOptions {
  /** More host names that serve the Hub API (matched case-insensitively). */
  extraHosts?: readonly string[];
  /** Identifiers that may hold a Hub URL (constant names, base variables): whole words. */
  names?: Iterable<string>;
  /** Strings that pass a file wherever they occur (case-sensitive), as `text.includes(s)`. */
  substrings?: Iterable<string>;
  /**
   * Other gates that must see the file (the Engine pin prefilter of pins/extract/index.ts),
   * tested on the Latin-1 view. Each must pass at least every file its text form passes:
   * write ASCII, and widen `\s` to `[\s\x80-\xff]` (U+00A0 is UTF-8 C2 A0, two bytes).
   * The caller applies the exact text test after decoding.
   */
  patterns?: readonly RegExp[];
  /** Also pass files of the languages that read other files' values when they hold a Hub path (see read-batch.ts). */
  crossFilePaths?: boolean;
}

/** True when the bytes start with a UTF-16 byte order mark: test the decoded text instead. */
export function isUtf16(buf: Uint8Array): boolean {
  return buf.length >= 2 && ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff));
}

export function latin1View(buf: Buffer): string {
  return buf.toString('latin1');
}

/**
 * Builds the byte gate. Same answers as scan/run.ts's hostFilter (mentionsHub || prefilter of
 * constant names and base variables) on the UTF-8 decoding of the bytes.
 */
export function makeBytePrefilter(options: BytePrefilterOptions = {}): (buf: Buffer) => boolean {
  const test = makeViewPrefilter(options);
  return (buf) => test(latin1View(buf));
}

/** makeBytePrefilter on a Latin-1 view made already (one view per file serves every gate). */
export function makeViewPrefilter(options: BytePrefilterOptions = {}): (view: string) => boolean {
  // A non-ASCII host (an IDN written out) is matched as its UTF-8 bytes seen as Latin-1.
  const hosts = (options.extraHosts ?? []).map((h) => Buffer.from(h.toLowerCase(), 'utf8').toString('latin1')).filter((h) => h.length > 0);
  const names = [...new Set(options.names ?? [])].filter((n) => /^\w+$/.test(n));
  const namesRe = names.length ? new RegExp(`\\b(?:${names.join('|')})\\b`) : null;
  const hostsRe = hosts.length ? new RegExp(hosts.map(escapeRegExp).join('|'), 'i') : null;
  const substrings = [...new Set(options.substrings ?? [])].filter((x) => x.length > 0).map((x) => Buffer.from(x, 'utf8').toString('latin1'));
  const patterns = options.patterns ?? [];
  return (s) => {
    if (DOCKER.test(s) && HUB_HOST.test(s)) return true;
    if (patterns.some((re) => re.test(s))) return true;
    if (hostsRe !== null && hostsRe.test(s)) return true;
    if (substrings.some((x) => s.includes(x))) return true;
    return namesRe !== null && namesRe.test(s);
  };
}
