/**
 * A map that keeps what was used last, up to `limit` units of cost (a text's characters):
 * the oldest-used entries go first. Cross-file state of a run (lowered forms, other files'
 * programs, their texts) is kept in these, so a scan's memory stops growing with the number
 * of files it reads (issue 34, row 5); an entry that went is made again when asked for.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, { value: V; cost: number }>();
  private total = 0;

  constructor(
    readonly limit: number,
    private readonly costOf: (value: V) => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** What is kept now, in cost units. */
  get cost(): number {
    return this.total;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** The value, now the last used; undefined when none is kept. */
  get(key: K): V | undefined {
    const had = this.entries.get(key);
    if (!had) return undefined;
    this.entries.delete(key);
    this.entries.set(key, had);
    return had.value;
  }

  set(key: K, value: V): V {
    this.delete(key);
    const cost = this.costOf(value);
    this.entries.set(key, { value, cost });
    this.total += cost;
    // The entry just set stays, however big: the caller is about to use it.
    for (const [old, e] of this.entries) {
      if (this.total <= this.limit || old === key) break;
      this.entries.delete(old);
      this.total -= e.cost;
    }
    return value;
  }

  delete(key: K): void {
    const had = this.entries.get(key);
    if (!had) return;
    this.entries.delete(key);
    this.total -= had.cost;
  }
}
