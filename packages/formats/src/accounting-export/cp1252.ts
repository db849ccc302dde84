/**
 * Windows-1252, the encoding DATEV and BMD read. Hand-written rather than a library: iconv-lite is
 * not a direct dependency of this package, Node's TextEncoder only writes UTF-8, and the whole
 * difference to Latin-1 is the 27 characters below.
 *
 * Decoding uses the same table rather than `new TextDecoder('windows-1252')`: since Node 20.18.3
 * and 22.13 that decoder takes a Latin-1 fast path and turns 0x80 into U+0080 instead of €
 * (nodejs/node#56542, #60888), which this machine's Node 20.20 still does.
 */
import { AccountingFormatError } from './accounting-format-error';

/** The characters of 0x80–0x9F (0x81, 0x8D, 0x8F, 0x90 and 0x9D are unassigned). */
const SPECIAL_BYTES: ReadonlyMap<number, number> = new Map([
  [0x20ac, 0x80], // €
  [0x201a, 0x82], // ‚
  [0x0192, 0x83], // ƒ
  [0x201e, 0x84], // „
  [0x2026, 0x85], // …
  [0x2020, 0x86], // †
  [0x2021, 0x87], // ‡
  [0x02c6, 0x88], // ˆ
  [0x2030, 0x89], // ‰
  [0x0160, 0x8a], // Š
  [0x2039, 0x8b], // ‹
  [0x0152, 0x8c], // Œ
  [0x017d, 0x8e], // Ž
  [0x2018, 0x91], // ‘
  [0x2019, 0x92], // ’
  [0x201c, 0x93], // “
  [0x201d, 0x94], // ”
  [0x2022, 0x95], // •
  [0x2013, 0x96], // –
  [0x2014, 0x97], // —
  [0x02dc, 0x98], // ˜
  [0x2122, 0x99], // ™
  [0x0161, 0x9a], // š
  [0x203a, 0x9b], // ›
  [0x0153, 0x9c], // œ
  [0x017e, 0x9e], // ž
  [0x0178, 0x9f], // Ÿ
]);

/** The CP1252 byte of a UTF-16 code unit, or -1. */
function byteOf(codeUnit: number): number {
  if (codeUnit < 0x80 || (codeUnit >= 0xa0 && codeUnit <= 0xff)) return codeUnit;
  return SPECIAL_BYTES.get(codeUnit) ?? -1;
}

/** The text as Windows-1252 bytes; throws `character_outside_cp1252` naming the first offender. */
export function encodeCp1252(text: string): Buffer {
  // Every encodable character is one UTF-16 code unit and one byte, so the length is known.
  const bytes = Buffer.allocUnsafe(text.length);
  for (let index = 0; index < text.length; index += 1) {
    const byte = byteOf(text.charCodeAt(index));
    if (byte < 0) {
      const character = String.fromCodePoint(text.codePointAt(index) ?? 0);
      throw new AccountingFormatError('character_outside_cp1252', { character, position: index });
    }
    bytes[index] = byte;
  }
  return bytes;
}

/** The distinct characters that Windows-1252 cannot hold, in order of appearance (an emoji counts once). */
export function charactersOutsideCp1252(text: string): string[] {
  const offenders = new Set<string>();
  for (const character of text) {
    if (character.length > 1 || byteOf(character.charCodeAt(0)) < 0) offenders.add(character);
  }
  return [...offenders];
}

export function isCp1252(text: string): boolean {
  return charactersOutsideCp1252(text).length === 0;
}

/** Byte 0x80 + i → its character; the five unassigned bytes stay the C1 control, as the WHATWG decoder has it. */
const HIGH_CHARACTERS: readonly string[] = Array.from({ length: 32 }, (_, offset) => {
  const byte = 0x80 + offset;
  const entry = [...SPECIAL_BYTES].find(([, value]) => value === byte);
  return String.fromCharCode(entry ? entry[0] : byte);
});

export function decodeCp1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\u0080-\u009f]/g, (character) => HIGH_CHARACTERS[character.charCodeAt(0) - 0x80] ?? character);
}
