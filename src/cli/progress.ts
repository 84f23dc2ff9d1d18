import { stderrLine } from './emit.js';

/**
 * A progress line on stderr for scans that take over a second — only on a terminal and
 * never in CI, where it would be noise in the log.
 */
export function progressLine(stream: { readonly isTTY?: boolean; write(text: string): unknown } = stderrLine): { onFile: (done: number, findings: number, total?: number) => void; done: () => void } {
  const enabled = stream.isTTY === true && !process.env.CI;
  const started = Date.now();
  let shown = false;
  let last = 0;
  return {
    onFile(done, findings, total) {
      if (!enabled) return;
      const now = Date.now();
      if (now - started < 1000 || now - last < 100) return;
      last = now;
      shown = true;
      stream.write(`\r\u001b[2Khublint: ${done}${total ? `/${total}` : ''} files, ${findings} findings`);
    },
    done() {
      if (shown) stream.write('\r\u001b[2K');
    },
  };
}
