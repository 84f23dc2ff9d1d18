import type { Writable } from 'node:stream';
import type { LogChunk } from './frames.js';

/**
 * Writes a container's or an exec's output into two writables, stdout's chunks into one and
 * stderr's into the other, in the order they came: what dockerode users do with
 * `docker.modem.demuxStream(stream, stdout, stderr)`. Waits for `drain` when a writable is
 * full, so a slow reader slows the daemon instead of filling memory. The writables are not
 * ended (they are often process.stdout and process.stderr). Not for a stream read into a
 * caller's `readBuffer`: a writable may keep a chunk after `write` returns, and that buffer
 * is reused.
 */
export async function copyOutput(
  output: AsyncIterable<LogChunk | LogChunk[]>,
  to: { stdout: Writable; stderr?: Writable },
): Promise<void> {
  const stderr = to.stderr ?? to.stdout;
  for await (const item of output) {
    for (const { stream, data } of Array.isArray(item) ? item : [item]) {
      const target = stream === 'stderr' ? stderr : to.stdout;
      if (!target.write(data)) await drained(target);
    }
  }
}

function drained(stream: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (): void => {
      stream.off('drain', done);
      stream.off('error', fail);
      stream.off('close', done);
      resolve();
    };
    const fail = (error: Error): void => {
      stream.off('drain', done);
      stream.off('close', done);
      reject(error);
    };
    stream.once('drain', done);
    stream.once('close', done);
    stream.once('error', fail);
  });
}
