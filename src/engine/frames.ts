import { EngineProtocolError } from './errors.js';

/**
 * Demultiplexes the log/attach stream of a container created with `Tty: false`.
 * Each frame is an 8-byte header — byte 0 the stream (0 stdin, 1 stdout, 2 stderr),
 * bytes 4–7 the payload length, big-endian — followed by the payload
 * (Engine API docs, "Stream format").
 *
 * Payloads are passed on piece by piece as they arrive, so a huge frame never sits in
 * memory whole; a stream that ends inside a header or a payload is an error.
 */

export type LogStreamName = 'stdin' | 'stdout' | 'stderr';

export interface LogChunk {
  stream: LogStreamName;
  data: Buffer;
}

const HEADER_SIZE = 8;
const STREAMS: Record<number, LogStreamName> = { 0: 'stdin', 1: 'stdout', 2: 'stderr' };

export async function* demuxLogFrames(source: AsyncIterable<Buffer>): AsyncGenerator<LogChunk> {
  for await (const runs of demuxFrameRuns(source)) yield* runs;
}

/**
 * The same stream, one array per chunk read from the socket: the payload pieces of that
 * chunk, in order, as views into it (nothing is copied). A copier writes a batch at once
 * (a corked stream, one writev), so many small frames cost one write, not one write each.
 */
export async function* demuxFrameRuns(source: AsyncIterable<Buffer>): AsyncGenerator<LogChunk[]> {
  // Header bytes carried over between chunks; at most 7 of them.
  let header: Buffer = Buffer.alloc(0);
  let stream: LogStreamName = 'stdout';
  let remaining = 0;
  let frames = 0;

  for await (const chunk of source) {
    const runs: LogChunk[] = [];
    let offset = 0;
    try {
      while (offset < chunk.length) {
        if (remaining > 0) {
          const take = Math.min(remaining, chunk.length - offset);
          runs.push({ stream, data: chunk.subarray(offset, offset + take) });
          remaining -= take;
          offset += take;
          continue;
        }
        const need = HEADER_SIZE - header.length;
        const piece = chunk.subarray(offset, offset + need);
        header = header.length === 0 ? piece : Buffer.concat([header, piece]);
        offset += piece.length;
        // A header split across reads is kept as a copy: the chunk's buffer may be reused.
        if (header.length < HEADER_SIZE) {
          header = Buffer.from(header);
          break;
        }
        const kind = header[0];
        const name = STREAMS[kind];
        if (name === undefined) {
          throw new EngineProtocolError(
            `Log stream frame ${frames + 1} has stream type ${kind}; expected 0, 1 or 2 (is the container's Tty setting wrong?)`,
          );
        }
        stream = name;
        remaining = header.readUInt32BE(4);
        header = Buffer.alloc(0);
        frames++;
      }
    } finally {
      // What came before a bad header is still the container's output.
      if (runs.length > 0) yield runs;
    }
  }
  if (header.length > 0) {
    throw new EngineProtocolError(`Log stream ended inside a frame header (${header.length} of 8 bytes, after ${frames} frames)`);
  }
  if (remaining > 0) {
    throw new EngineProtocolError(`Log stream ended inside frame ${frames}: ${remaining} bytes of its ${stream} payload are missing`);
  }
}

/** The stream of a `Tty: true` container: raw bytes, all of it on stdout. */
export async function* rawLogChunks(source: AsyncIterable<Buffer>): AsyncGenerator<LogChunk> {
  for await (const data of source) yield { stream: 'stdout', data };
}
