import { describe, expect, it } from 'vitest';
import { isAccountingFormatError } from './accounting-format-error';
import { charactersOutsideCp1252, decodeCp1252, encodeCp1252, isCp1252 } from './cp1252';

/** The 27 characters of 0x80–0x9F with their bytes, from Microsoft's code page table. */
const SPECIALS: [string, number][] = [
  ['\u20ac', 0x80],
  ['\u201a', 0x82],
  ['\u0192', 0x83],
  ['\u201e', 0x84],
  ['\u2026', 0x85],
  ['\u2020', 0x86],
  ['\u2021', 0x87],
  ['\u02c6', 0x88],
  ['\u2030', 0x89],
  ['\u0160', 0x8a],
  ['\u2039', 0x8b],
  ['\u0152', 0x8c],
  ['\u017d', 0x8e],
  ['\u2018', 0x91],
  ['\u2019', 0x92],
  ['\u201c', 0x93],
  ['\u201d', 0x94],
  ['\u2022', 0x95],
  ['\u2013', 0x96],
  ['\u2014', 0x97],
  ['\u02dc', 0x98],
  ['\u2122', 0x99],
  ['\u0161', 0x9a],
  ['\u203a', 0x9b],
  ['\u0153', 0x9c],
  ['\u017e', 0x9e],
  ['\u0178', 0x9f],
];

describe('encodeCp1252', () => {
  it.each(SPECIALS)('writes %s as its one byte and reads it back', (character, byte) => {
    const bytes = encodeCp1252(character);
    expect([...bytes]).toEqual([byte]);
    expect(decodeCp1252(bytes)).toBe(character);
  });

  it('has exactly 27 special characters', () => {
    expect(new Set(SPECIALS.map(([character]) => character)).size).toBe(27);
  });

  it('decodes every assigned byte to a character that encodes back to it', () => {
    const unassigned = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);
    const assigned = Array.from({ length: 256 }, (_, byte) => byte).filter((byte) => !unassigned.has(byte));
    const text = decodeCp1252(Uint8Array.from(assigned));
    expect(text).toHaveLength(assigned.length);
    expect([...encodeCp1252(text)]).toEqual(assigned);
    // Byte 0x80 is €, not U+0080 (which Node 20's TextDecoder('windows-1252') wrongly answers).
    expect(decodeCp1252(Uint8Array.of(0x80, 0x9f, 0xfc))).toBe('€Ÿü');
    expect(decodeCp1252(Uint8Array.of(0x81))).toBe('\u0081');
  });

  it('maps Latin-1 to itself: ü is 0xFC, ß 0xDF, € 0x80', () => {
    expect([...encodeCp1252('ü ß €')]).toEqual([0xfc, 0x20, 0xdf, 0x20, 0x80]);
  });

  it('refuses a character without a byte, naming it and where', () => {
    try {
      encodeCp1252('Łódź');
      expect.fail('no error');
    } catch (error) {
      expect(isAccountingFormatError(error)).toBe(true);
      if (isAccountingFormatError(error)) {
        expect(error.code).toBe('character_outside_cp1252');
        expect(error.params).toEqual({ character: 'Ł', position: 0 });
      }
    }
    expect(() => encodeCp1252('ok 😀')).toThrow(/character_outside_cp1252/);
    // C1 control characters have no CP1252 byte either (0x80–0x9F are the 27 above).
    expect(() => encodeCp1252('\u0081')).toThrow(/character_outside_cp1252/);
  });
});

describe('charactersOutsideCp1252', () => {
  it('names each offender once, in order; emoji as one character', () => {
    expect(charactersOutsideCp1252('Wałęsa Őrség ł 😀 €')).toEqual(['ł', 'ę', 'Ő', '😀']);
    expect(charactersOutsideCp1252('Müller & Söhne – „Bürobedarf“ €')).toEqual([]);
  });

  it('classifies single characters', () => {
    expect(isCp1252('ł')).toBe(false);
    expect(isCp1252('Ő')).toBe(false);
    expect(isCp1252('€')).toBe(true);
    expect(isCp1252('Ž')).toBe(true);
    expect(isCp1252('👍')).toBe(false);
  });
});
