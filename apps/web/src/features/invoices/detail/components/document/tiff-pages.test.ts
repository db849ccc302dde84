import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import UTIF from 'utif2';
import { describe, expect, it } from 'vitest';
import { readTiff } from './tiff-pages';

/** A two-page scan compressed as CCITT Group 4, as office scanners write them (made with ImageMagick). */
const SCAN = fileURLToPath(new URL('../../../../../../e2e/fixtures/scan-two-pages-g4.tif', import.meta.url));

const arrayBufferOf = (bytes: Buffer) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
const darkPixels = (rgba: Uint8ClampedArray) => {
  let count = 0;
  for (let index = 0; index < rgba.length; index += 4) if ((rgba[index] ?? 255) < 128) count += 1;
  return count;
};

describe('readTiff', () => {
  it('reads both pages of a Group 4 fax scan as RGBA with their text in black', () => {
    const tiff = readTiff(UTIF, arrayBufferOf(readFileSync(SCAN)));
    expect(tiff.pageCount).toBe(2);
    const first = tiff.page(0);
    expect([first.width, first.height, first.rgba.length]).toEqual([850, 1100, 850 * 1100 * 4]);
    // Page 1 carries three lines of text, page 2 one: both are mostly white, neither blank.
    const firstDark = darkPixels(first.rgba);
    const secondDark = darkPixels(tiff.page(1).rgba);
    expect(firstDark).toBeGreaterThan(1_000);
    expect(secondDark).toBeGreaterThan(500);
    expect(firstDark).toBeGreaterThan(secondDark);
    expect(firstDark).toBeLessThan(850 * 1100 * 0.05);
    expect(tiff.page(0)).toBe(first); // decoded once
  });

  it('refuses a file that is no TIFF, and a page that does not exist', () => {
    expect(() => readTiff(UTIF, new TextEncoder().encode('%PDF-1.7 not a tiff').buffer)).toThrow();
    const tiff = readTiff(UTIF, arrayBufferOf(readFileSync(SCAN)));
    expect(() => tiff.page(2)).toThrow(RangeError);
  });
});
