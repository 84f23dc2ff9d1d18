import { isUtf8 } from 'node:buffer';

/**
 * --fix edits text and writes UTF-8, so it may touch only files whose bytes survive that
 * trip unchanged: valid UTF-8, with or without a BOM. Anything else would have bytes
 * rewritten that no fix asked for (a Latin-1 `é`, 0xE9, would become U+FFFD, EF BF BD), so
 * it is refused with the reason, and the file is left exactly as it was. Decided over a
 * byte-level (latin1) edit because the scan's offsets are offsets into the UTF-8 decoding:
 * where that decoding is lossy, they do not map back to bytes with certainty.
 */
export function whyNotLossless(raw: Buffer): string | null {
  if (raw.length >= 2 && ((raw[0] === 0xff && raw[1] === 0xfe) || (raw[0] === 0xfe && raw[1] === 0xff))) {
    return 'UTF-16 file left alone: --fix writes UTF-8 only (convert it, or apply the fix by hand)';
  }
  if (isUtf8(raw)) return null;
  const at = firstInvalid(raw);
  return `not valid UTF-8 (byte 0x${raw[at].toString(16).toUpperCase()} at offset ${at}): --fix would change bytes it does not edit, so the file is left alone`;
}

/** The offset of the first byte that breaks UTF-8: where the decoding shows a U+FFFD the bytes do not hold. */
function firstInvalid(raw: Buffer): number {
  let at = 0;
  for (const ch of raw.toString('utf8')) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0xfffd && !(raw[at] === 0xef && raw[at + 1] === 0xbf && raw[at + 2] === 0xbd)) return at;
    at += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return 0;
}
