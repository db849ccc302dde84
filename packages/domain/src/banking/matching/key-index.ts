/**
 * A multimap from number keys (30-bit hashes) to candidate positions, built once and then only
 * read: all pairs sorted by key in typed arrays, and an open-addressing table from each distinct
 * key to its run of candidates. A million entries take a few megabytes and no objects (a Map of
 * arrays took hundreds of bytes per key and most of the time of building the indexes), and a
 * lookup is one probe sequence in an Int32Array.
 */

/** A key that this many candidates share identifies none of them (and would cost a scan). */
export const BUCKET_LIMIT = 200;

/** Positions are packed below the key in one double: key · 2^23 + position stays an exact integer. */
const POSITION_BITS = 2 ** 23;
export const MAX_POSITIONS = POSITION_BITS;

export class KeyIndexBuilder {
  private pairs = new Float64Array(1024);
  private size = 0;

  /** `key` a non-negative 30-bit integer (see toKey), `position` below MAX_POSITIONS. */
  add(key: number, position: number): void {
    if (this.size === this.pairs.length) {
      const grown = new Float64Array(this.pairs.length * 2);
      grown.set(this.pairs);
      this.pairs = grown;
    }
    this.pairs[this.size] = key * POSITION_BITS + position;
    this.size += 1;
  }

  build(): KeyIndex {
    // A typed array sorts numerically, natively: by key, then position.
    const pairs = this.pairs.subarray(0, this.size).sort();
    const keys = new Int32Array(pairs.length);
    const starts = new Int32Array(pairs.length + 1);
    const positions = new Int32Array(pairs.length);
    let distinct = 0;
    let count = 0;
    let previous = -1;
    for (let i = 0; i < pairs.length; i += 1) {
      const pair = pairs[i]!;
      // The same key for the same candidate twice (two IBANs folded alike, a repeated deletion): once.
      if (pair === previous) continue;
      previous = pair;
      const key = Math.floor(pair / POSITION_BITS);
      if (distinct === 0 || keys[distinct - 1] !== key) {
        keys[distinct] = key;
        starts[distinct] = count;
        distinct += 1;
      }
      positions[count] = pair - key * POSITION_BITS;
      count += 1;
    }
    starts[distinct] = count;
    return new KeyIndex(keys.slice(0, distinct), starts.slice(0, distinct + 1), positions.slice(0, count));
  }
}

export class KeyIndex {
  /** Slot → 1 + index of the distinct key (0 = empty). */
  private readonly table: Int32Array;
  private readonly mask: number;

  constructor(
    private readonly keys: Int32Array,
    private readonly starts: Int32Array,
    private readonly positions: Int32Array,
  ) {
    let size = 16;
    while (size < keys.length * 2) size *= 2;
    this.table = new Int32Array(size);
    this.mask = size - 1;
    for (let i = 0; i < keys.length; i += 1) {
      let slot = this.slotOf(keys[i]!);
      while (this.table[slot] !== 0) slot = (slot + 1) & this.mask;
      this.table[slot] = i + 1;
    }
  }

  /** Spreads the (already hashed) key over the table so that neighbouring keys do not crowd one region. */
  private slotOf(key: number): number {
    return Math.imul(key, 0x9e3779b1) & this.mask;
  }

  get size(): number {
    return this.keys.length;
  }

  /** Appends the candidates of `key` to `out`; none when the key is unknown or more than `limit` share it. */
  collect(key: number, out: number[], limit: number = BUCKET_LIMIT): void {
    let slot = this.slotOf(key);
    for (;;) {
      const entry = this.table[slot]!;
      if (entry === 0) return;
      if (this.keys[entry - 1] === key) {
        const from = this.starts[entry - 1]!;
        const to = this.starts[entry]!;
        if (to - from > limit) return;
        for (let i = from; i < to; i += 1) out.push(this.positions[i]!);
        return;
      }
      slot = (slot + 1) & this.mask;
    }
  }
}
