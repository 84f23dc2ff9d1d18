/**
 * Makes text safe to show: control characters a terminal or a CI log would act on are
 * written as visible escapes. ESC becomes `\x1b` (so a file name cannot move the cursor,
 * recolour the screen or hide itself), other C0 and C1 controls and DEL likewise, and the
 * Unicode bidirectional controls (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069) and line
 * separators (U+2028/9) as `\u202e` etc., as Trojan Source (CVE-2021-42574) advises.
 *
 * Imports nothing: the report writers and the CLI edge both use it.
 */

// eslint-disable-next-line no-control-regex
const FIELD = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;
// Whole texts keep their line structure: LF, TAB, and CR when it ends a line (CRLF).
// eslint-disable-next-line no-control-regex
const TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]|\r(?!\n)/g;
// In JSON the same characters are written as JSON escapes: the value read back is unchanged.
const JSON_TEXT = /[\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

function visible(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

function jsonEscape(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** One field shown inside a line (a file name, URL, message): newlines and tabs escaped too. */
export function escapeControls(text: string): string {
  return text.replace(FIELD, visible);
}

/** A whole text of lines (a report, a diff, a stack): line breaks and tabs kept. */
export function escapeControlsInText(text: string): string {
  return text.replace(TEXT, visible);
}

/** A JSON document: controls JSON.stringify leaves raw (C1, bidi) become `\uXXXX` escapes. */
export function escapeControlsInJson(text: string): string {
  return text.replace(JSON_TEXT, jsonEscape);
}
