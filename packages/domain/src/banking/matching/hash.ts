/**
 * Number keys for the candidate indexes. Looking up a few million string keys (references,
 * their one-character deletions, each with an IBAN or amount attached) costs most of the time
 * in building and allocating those strings; 32-bit hashes need neither, and V8 keeps small
 * integers as map keys without boxing. A collision only brings an extra candidate to the lookup,
 * which compares the real reference before it counts: hashes find, strings decide.
 */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over the UTF-16 code units of `value`, continuing from `hash` (so runs of tokens hash as they grow). */
export function hashText(value: string, hash: number = FNV_OFFSET): number {
  let h = hash;
  for (let i = 0; i < value.length; i += 1) h = Math.imul(h ^ value.charCodeAt(i), FNV_PRIME);
  return h;
}

/** The hash of `value` with the character at `skip` left out, without building that string. */
export function hashTextWithout(value: string, skip: number): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < value.length; i += 1) if (i !== skip) h = Math.imul(h ^ value.charCodeAt(i), FNV_PRIME);
  return h;
}

/** Only the digits of `value`, continuing from `hash`. */
export function hashDigits(value: string, hash: number = FNV_OFFSET): number {
  let h = hash;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code >= 48 && code <= 57) h = Math.imul(h ^ code, FNV_PRIME);
  }
  return h;
}

/** Combines two hashes (a key and its scope) so that neither order nor a shared part cancels out. */
export function mixHash(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b ^ 0x7f4a7c15, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h;
}

/** An amount (minor units, up to 2^53) as a hash. */
export function hashAmount(amount: number): number {
  return mixHash(amount | 0, Math.floor(amount / 4_294_967_296) | 0);
}

/** A hash as a map key: 30 bits, so that V8 stores it as a small integer. */
export const toKey = (hash: number): number => hash & 0x3fffffff;

/**
 * A set of hashes as bits (one hash function, so a Bloom filter of k = 1): "certainly not there"
 * or "maybe". Most runs of a remittance text are no reference; asking this small array first
 * spares the large maps a lookup that would miss, with a few per cent of false "maybe"s.
 */
export class HashFilter {
  private readonly bits: Uint32Array;
  private readonly mask: number;

  /** Sized for `capacity` hashes at 16 bits each: about 6 % false positives when full. */
  constructor(capacity: number) {
    let size = 1 << 10;
    while (size < capacity * 16 && size < 1 << 30) size *= 2;
    this.bits = new Uint32Array(size / 32);
    this.mask = size - 1;
  }

  add(hash: number): void {
    const bit = hash & this.mask;
    this.bits[bit >>> 5]! |= 1 << (bit & 31);
  }

  mayHave(hash: number): boolean {
    const bit = hash & this.mask;
    return (this.bits[bit >>> 5]! & (1 << (bit & 31))) !== 0;
  }
}
