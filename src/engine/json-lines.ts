import { EngineProtocolError } from './errors.js';

/**
 * Splits a stream of JSON documents, one per line (the pull progress stream), into
 * parsed values as they arrive. Blank lines are skipped. A line that is not JSON is an
 * error naming its number; its text is cut short because it may be anything.
 */
export async function* parseJsonLines(source: AsyncIterable<Buffer>, what = 'JSON stream'): AsyncGenerator<unknown> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  let line = 0;
  const parse = (text: string): unknown => {
    line++;
    try {
      return JSON.parse(text);
    } catch {
      const shown = text.length > 80 ? `${text.slice(0, 80)}…` : text;
      throw new EngineProtocolError(`Line ${line} of the ${what} is not JSON: ${JSON.stringify(shown)}`);
    }
  };
  for await (const chunk of source) {
    pending += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = pending.indexOf('\n')) !== -1) {
      const text = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (text !== '') yield parse(text);
    }
    // A daemon never sends megabytes without a newline; if something does, stop
    // rather than grow without bound.
    if (pending.length > 16 * 1024 * 1024) throw new EngineProtocolError(`The ${what} has a line longer than 16 MiB`);
  }
  const rest = (pending + decoder.decode()).trim();
  if (rest !== '') yield parse(rest);
}
