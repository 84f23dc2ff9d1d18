import { UsageError } from '../../core/errors.js';

/**
 * `--detach-keys`: the key sequence that detaches from an `-it` container and leaves it
 * running (docker's default Ctrl-P Ctrl-Q). Parsed as docker does (moby/term's ToBytes):
 * comma-separated keys, each one character or `ctrl-X` for X in a–z, @, [, \, ], ^, _.
 */
export const DEFAULT_DETACH_KEYS = 'ctrl-p,ctrl-q';

const CTRL_SYMBOLS: Record<string, number> = { '@': 0, '[': 27, '\\': 28, ']': 29, '^': 30, _: 31 };

export function parseDetachKeys(spec: string): Buffer {
  const codes: number[] = [];
  for (const key of spec.split(',')) {
    if (key.length === 1) {
      codes.push(key.charCodeAt(0));
      continue;
    }
    const m = /^ctrl-(.)$/.exec(key);
    const x = m?.[1];
    if (x !== undefined && x >= 'a' && x <= 'z') codes.push(x.charCodeAt(0) - 96);
    else if (x !== undefined && x in CTRL_SYMBOLS) codes.push(CTRL_SYMBOLS[x]);
    else throw new UsageError(`Invalid detach keys (${spec}) provided`);
  }
  return Buffer.from(codes);
}

/**
 * Watches standard input for the sequence, as moby/term's EscapeProxy: bytes that could
 * start it are held back until the next byte says whether they do; the sequence itself
 * never reaches the container.
 */
export class DetachWatcher {
  readonly #keys: Buffer;
  #held = 0;

  constructor(keys: Buffer) {
    this.#keys = keys;
  }

  /** What to send on for `chunk`, and whether the sequence is now complete. */
  feed(chunk: Buffer): { data: Buffer; detached: boolean } {
    const out: number[] = [];
    for (const byte of chunk) {
      if (byte === this.#keys[this.#held]) {
        this.#held++;
        if (this.#held === this.#keys.length) return { data: Buffer.from(out), detached: true };
        continue;
      }
      // Not the sequence after all: what was held goes on, and this byte may start it anew.
      for (let i = 0; i < this.#held; i++) out.push(this.#keys[i]);
      this.#held = 0;
      if (byte === this.#keys[0] && this.#keys.length > 1) this.#held = 1;
      else if (byte === this.#keys[0]) return { data: Buffer.from(out), detached: true };
      else out.push(byte);
    }
    return { data: Buffer.from(out), detached: false };
  }
}
