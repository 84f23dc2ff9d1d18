import { fstatSync, writeSync } from 'node:fs';
import { escapeControls, escapeControlsInJson, escapeControlsInText } from '../core/printable.js';
import { redact, redactJson } from '../core/redact.js';
import { WriteError } from '../fix/write-atomic.js';
import { jsonPieces, type StreamedJson } from '../report/streamed-json.js';

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
  // Only the text reporter colours, and escapes its fields itself; any other format read in a
  // terminal or a CI log (`-f github --color`) is escaped here whatever --color says.
  return colored && format === 'text' ? 'colored-text' : 'text';
}

export function printable(text: string, kind: OutputKind = 'text'): string {
  if (kind === 'json') return escapeControlsInJson(redactJson(text));
  const masked = redact(text);
  // A coloured report's fields were escaped by its reporter; its own colour codes stay.
  if (kind === 'colored-text') return masked;
  return escapeControlsInText(masked);
}

/**
 * A JSON report in pieces (report/streamed-json.ts), each made printable on its own: the
 * skeleton and every item are whole JSON texts, as redactJson needs them, so the report is
 * never held whole (a string of 150 MB and its copies for 100,000 findings).
 */
export function* printableJson(doc: StreamedJson): Iterable<string> {
  yield* jsonPieces(doc, (text) => printable(text, 'json'));
  yield '\n';
}

/** Writes a text (a report, a diff) to a stream. */
export function emit(stream: NodeJS.WritableStream, text: string, kind: OutputKind = 'text'): boolean {
  return stream.write(printable(text, kind));
}

/** One line of hublint's own (a notice, an error): a newline inside it cannot start a forged line. */
export function emitLine(stream: NodeJS.WritableStream, line: string): boolean {
  return stream.write(`${escapeControls(redact(line))}\n`);
}

/**
 * Standard output and error by write(2) on Linux, where Node's own process.stdout and
 * process.stderr write synchronously too (files, pipes and terminals), so the order of the
 * two ways is kept: making the stream object costs a short run 1.5–2.7 ms (`net` for a pipe,
 * `tty` for a terminal), as much as a clean pre-commit run's own scan. Elsewhere, the streams.
 */
const DIRECT = process.platform === 'linux';
const PAUSE = new Int32Array(new SharedArrayBuffer(4));
/** Called when the reader of a standard stream went away (`hublint … | head`); see main.ts. */
let brokenPipe: () => void = () => process.exit(process.exitCode ?? 0);

/**
 * Whether everything printed so far has reached its file, pipe or terminal: on Linux every
 * write here is write(2), and Node's own standard streams write synchronously there too.
 */
export function standardOutputSettled(): boolean {
  return DIRECT;
}

export function onBrokenPipe(handler: () => void): void {
  brokenPipe = handler;
}

export function writeStd(fd: 1 | 2, text: string): boolean {
  if (!DIRECT) return (fd === 1 ? process.stdout : process.stderr).write(text);
  const bytes = Buffer.from(text, 'utf8');
  let done = 0;
  while (done < bytes.length) {
    try {
      done += writeSync(fd, bytes, done, bytes.length - done);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') {
        brokenPipe();
        return false;
      }
      // A descriptor another program left non-blocking: wait for the reader, as a stream would.
      if (code !== 'EAGAIN') throw standardStreamFailure(fd, code, error);
      Atomics.wait(PAUSE, 0, 0, 1);
    }
  }
  return true;
}

/**
 * A standard stream that cannot be written (`> /dev/full`, a full disk, a closed descriptor):
 * one line that says which and why, exit 2, not an "internal error".
 */
export function standardStreamFailure(fd: 1 | 2, code: string | undefined, error: unknown): Error {
  const why: Record<string, string> = { ENOSPC: 'no space left on the device', EDQUOT: 'disk quota exceeded', EBADF: 'it is closed', EIO: 'input/output error' };
  return new WriteError(`cannot write to standard ${fd === 1 ? 'output' : 'error'}: ${why[code ?? ''] ?? code ?? 'write failed'}; the report is incomplete`, { cause: error });
}

/**
 * Whether a standard stream is a terminal, without making the stream object: a file, a pipe
 * or a socket is not, nor a memory device (character major 1: /dev/null, /dev/zero); only
 * another character device is asked about through `tty` (which loads `net`).
 */
export function isTerminal(fd: 1 | 2): boolean {
  if (!DIRECT) return (fd === 1 ? process.stdout : process.stderr).isTTY === true;
  try {
    const st = fstatSync(fd);
    if (!st.isCharacterDevice() || Math.floor(st.rdev / 256) % 4096 === 1) return false;
  } catch {
    return false;
  }
  return (fd === 1 ? process.stdout : process.stderr).isTTY === true;
}

/** The standard streams, for the commands that use them directly. */
export const out = (text: string, kind: OutputKind = 'text'): boolean => writeStd(1, printable(text, kind));
/** Pieces printable() made already (printableJson), to standard output as they come. */
export function outPrinted(pieces: Iterable<string>): boolean {
  for (const piece of pieces) if (!writeStd(1, piece)) return false;
  return true;
}
/**
 * Standard error as the progress line needs it (cli/progress.ts): asked whether it is a
 * terminal and written to without making process.stderr, which loads `net` for a pipe.
 */
export const stderrLine = { get isTTY(): boolean { return isTerminal(2); }, write: (text: string): boolean => writeStd(2, text) };
/** A text (a summary, a stack, timings) on standard error. */
export const err = (text: string): boolean => writeStd(2, printable(text));
export const say = (line: string): boolean => writeStd(2, `${escapeControls(redact(line))}\n`);
