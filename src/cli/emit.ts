import { escapeControls, escapeControlsInJson, escapeControlsInText } from '../core/printable.js';
import { redact } from '../core/redact.js';

/**
 * The one way out: every byte hublint prints or writes (reports, diffs, messages, stacks,
 * daemon texts) passes through `printable`, which masks secrets and escapes control
 * characters. Only a container's own output under `engine run` is passed on byte for byte,
 * as `docker run` does. test/reliability/output-edge.test.ts checks that nothing in src/
 * writes to stdout, stderr or a report file another way.
 */

/** How a text is escaped: JSON documents keep their value; text keeps hublint's own colours. */
export type OutputKind = 'text' | 'json' | 'colored-text';

const JSON_FORMATS = new Set(['json', 'sarif', 'gitlab']);

/** The kind of output a report format produces. */
export function kindOfFormat(format: string, colored = false): OutputKind {
  if (JSON_FORMATS.has(format)) return 'json';
  return colored ? 'colored-text' : 'text';
}

export function printable(text: string, kind: OutputKind = 'text'): string {
  const masked = redact(text);
  if (kind === 'json') return escapeControlsInJson(masked);
  // A coloured report's fields were escaped by its reporter; its own colour codes stay.
  if (kind === 'colored-text') return masked;
  return escapeControlsInText(masked);
}

/** Writes a text (a report, a diff) to a stream. */
export function emit(stream: NodeJS.WritableStream, text: string, kind: OutputKind = 'text'): boolean {
  return stream.write(printable(text, kind));
}

/** One line of hublint's own (a notice, an error): a newline inside it cannot start a forged line. */
export function emitLine(stream: NodeJS.WritableStream, line: string): boolean {
  return stream.write(`${escapeControls(redact(line))}\n`);
}

/** The standard streams, for the commands that use them directly. */
export const out = (text: string, kind: OutputKind = 'text'): boolean => emit(process.stdout, text, kind);
export const say = (line: string): boolean => emitLine(process.stderr, line);
