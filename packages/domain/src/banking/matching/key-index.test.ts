import { describe, expect, it } from 'vitest';
import { HashFilter, hashText, toKey } from './hash';
import { BUCKET_LIMIT, KeyIndexBuilder } from './key-index';

describe('KeyIndex', () => {
  const collect = (index: ReturnType<KeyIndexBuilder['build']>, key: number, limit?: number) => {
    const out: number[] = [];
    index.collect(key, out, limit);
    return out;
  };

  it('answers the positions of a key, each once, in order', () => {
    const builder = new KeyIndexBuilder();
    for (const [key, position] of [
      [7, 3],
      [7, 1],
      [9, 2],
      [7, 3],
      [0, 5],
    ] as const) {
      builder.add(key, position);
    }
    const index = builder.build();
    expect(collect(index, 7)).toEqual([1, 3]);
    expect(collect(index, 9)).toEqual([2]);
    expect(collect(index, 0)).toEqual([5]);
    expect(collect(index, 8)).toEqual([]);
    expect(index.size).toBe(3);
  });

  it('answers nothing for a key too many share', () => {
    const builder = new KeyIndexBuilder();
    for (let position = 0; position <= BUCKET_LIMIT; position += 1) builder.add(42, position);
    builder.add(43, 1);
    const index = builder.build();
    expect(collect(index, 42)).toEqual([]);
    expect(collect(index, 43)).toEqual([1]);
    expect(collect(index, 43, 0)).toEqual([]);
  });

  it('holds many keys (growing, probing)', () => {
    const builder = new KeyIndexBuilder();
    const keys = Array.from({ length: 5_000 }, (_, i) => toKey(hashText(`RE${i}`)));
    keys.forEach((key, position) => builder.add(key, position));
    const index = builder.build();
    keys.forEach((key, position) => expect(collect(index, key)).toContain(position));
  });
});

describe('HashFilter', () => {
  it('never forgets a hash it was given', () => {
    const filter = new HashFilter(1_000);
    const hashes = Array.from({ length: 1_000 }, (_, i) => hashText(`key ${i}`));
    for (const hash of hashes) filter.add(hash);
    for (const hash of hashes) expect(filter.mayHave(hash)).toBe(true);
    const absent = Array.from({ length: 1_000 }, (_, i) => hashText(`other ${i}`)).filter((hash) => filter.mayHave(hash));
    expect(absent.length).toBeLessThan(150);
  });
});
