import { fnv64 } from './fnv64.js';

/**
 * The checksum of a code cache payload (compile-cache.ts): two 64-bit running sums over its
 * 8-byte words (Fletcher's scheme), with the length, as 16 hex digits. It runs at the start
 * of every run, before anything is compiled, so it runs as WebAssembly: ~1 ms for a 400 KB
 * cache, where the same loop in JavaScript runs in V8's interpreter (~4 ms) and zlib's crc32
 * costs loading zlib and the stream modules (~3.5 ms) for a run that needs neither. Where
 * WebAssembly is missing (`node --jitless`), fnv64. It guards against damage (a torn or
 * truncated write, a flipped byte), not against someone who can write the cache folder,
 * which only its owner can (compile-cache.ts).
 *
 * The module, from this text (wat2wasm):
 *
 *   (module
 *     (memory (export "memory") 1)
 *     (func (export "sum") (param $len i32) (result i64)
 *       (local $i i32) (local $a i64) (local $b i64)
 *       (local.set $a (i64.const 1))
 *       (block $done
 *         (loop $next
 *           (br_if $done (i32.ge_u (local.get $i) (local.get $len)))
 *           (local.set $a (i64.add (local.get $a) (i64.load (local.get $i))))
 *           (local.set $b (i64.add (local.get $b) (local.get $a)))
 *           (local.set $i (i32.add (local.get $i) (i32.const 8)))
 *           (br $next)))
 *       (i64.xor (local.get $a) (i64.rotl (local.get $b) (i64.const 32)))))
 */
const SUM_WASM = 'AGFzbQEAAAABBgFgAX8BfgMCAQAFAwEAAQcQAgZtZW1vcnkCAANzdW0AAAo7ATkCAX8CfkIBIQICQANAIAEgAE8NASACIAEpAwB8IQIgAyACfCEDIAFBCGohAQwACwsgAiADQiCJhQs=';

interface SumModule {
  memory: WebAssembly.Memory;
  sum(len: number): bigint;
}

let instance: SumModule | null | undefined;

function sumModule(): SumModule | null {
  if (instance !== undefined) return instance;
  try {
    instance = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(SUM_WASM, 'base64'))).exports as unknown as SumModule;
  } catch {
    instance = null;
  }
  return instance;
}

const PAGE = 65536;

export function payloadSum(payload: Uint8Array): string {
  const wasm = typeof WebAssembly === 'object' ? sumModule() : null;
  if (wasm === null) return fnv64(payload);
  const words = Math.ceil(payload.length / 8) * 8;
  const pages = Math.ceil(words / PAGE) || 1;
  const have = wasm.memory.buffer.byteLength / PAGE;
  if (pages > have) wasm.memory.grow(pages - have);
  const memory = new Uint8Array(wasm.memory.buffer);
  memory.set(payload);
  // The last word's tail: zeros, not the bytes of a longer payload summed before.
  memory.fill(0, payload.length, words);
  const sum = wasm.sum(words) ^ BigInt(payload.length);
  return BigInt.asUintN(64, sum).toString(16).padStart(16, '0');
}
