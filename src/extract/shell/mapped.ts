/**
 * Text that was derived from a source file (a YAML block scalar without its indentation, a
 * shell word without its quotes, a make recipe after `$(VAR)` expansion) together with the
 * way back to source offsets, so a URL found in the derived text keeps an exact range.
 */
export interface Piece {
  /** Start of the piece in the derived text. */
  at: number;
  len: number;
  /** Source range the piece came from. */
  src: number;
  srcEnd: number;
  /** The piece is the source text verbatim, so offsets inside it map one to one. */
  exact: boolean;
  /** The piece is a substituted value (a variable), not text written at this place. */
  subst: boolean;
}

export class Mapped {
  constructor(
    readonly text: string,
    readonly pieces: readonly Piece[],
  ) {}

  /** The source text `text.slice(from, to)` itself, at its own offsets. */
  static of(text: string, from = 0, to = text.length): Mapped {
    return new Mapped(text.slice(from, to), [{ at: 0, len: to - from, src: from, srcEnd: to, exact: true, subst: false }]);
  }

  /** Index of the piece holding derived offset `i` (binary search: pieces are sorted). */
  indexAt(i: number): number {
    const ps = this.pieces;
    let lo = 0;
    let hi = ps.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (ps[mid].at <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private pieceAt(i: number): Piece | undefined {
    return this.pieces[this.indexAt(i)];
  }

  /** Source offset of the derived character at `i`. */
  startOf(i: number): number {
    const p = this.pieceAt(i);
    if (!p) return 0;
    if (i >= p.at + p.len) return p.srcEnd;
    return p.exact ? p.src + (i - p.at) : p.src;
  }

  /** Source offset just after the derived character at `j - 1`. */
  endOf(j: number): number {
    if (j <= 0) return this.startOf(0);
    const p = this.pieceAt(j - 1);
    if (!p) return 0;
    return p.exact ? p.src + Math.min(j - p.at, p.len) : p.srcEnd;
  }

  /** The pieces that hold some of `text.slice(i, j)`. */
  overlapping(i: number, j: number): Piece[] {
    const out: Piece[] = [];
    for (let k = this.indexAt(i); k < this.pieces.length && this.pieces[k].at < j; k++) {
      const p = this.pieces[k];
      if (p.at + p.len > i) out.push(p);
    }
    return out;
  }

  /** `text.slice(i, j)` is written in the source as one piece, character for character. */
  verbatim(i: number, j: number): boolean {
    const ps = this.overlapping(i, j);
    return ps.length === 1 && ps[0].exact;
  }

  /** Some of `text.slice(i, j)` came from a variable's value. */
  substituted(i: number, j: number): boolean {
    return this.overlapping(i, j).some((p) => p.subst);
  }

  slice(i: number, j = this.text.length): Mapped {
    const b = new MappedBuilder();
    b.pushFrom(this, i, j);
    return b.build();
  }
}

export class MappedBuilder {
  private text = '';
  private readonly pieces: Piece[] = [];

  get length(): number {
    return this.text.length;
  }

  push(text: string, src: number, srcEnd: number, exact: boolean, subst = false): void {
    if (text.length === 0) return;
    const last = this.pieces[this.pieces.length - 1];
    if (exact && last?.exact && !last.subst && last.srcEnd === src) {
      last.len += text.length;
      last.srcEnd = srcEnd;
    } else {
      this.pieces.push({ at: this.text.length, len: text.length, src, srcEnd, exact, subst });
    }
    this.text += text;
  }

  /** Appends `m.text.slice(i, j)` keeping its mapping. */
  pushFrom(m: Mapped, i: number, j: number): void {
    for (const p of m.overlapping(i, j)) {
      const a = Math.max(i, p.at);
      const z = Math.min(j, p.at + p.len);
      if (a >= z) continue;
      const text = m.text.slice(a, z);
      if (p.exact) this.push(text, p.src + (a - p.at), p.src + (z - p.at), true, p.subst);
      else this.push(text, p.src, p.srcEnd, false, p.subst);
    }
  }

  build(): Mapped {
    return new Mapped(this.text, this.pieces.map((p) => ({ ...p })));
  }
}
