/**
 * A small company logo for the sample invoices, made in code (no binary fixture): a PNG of
 * 240 × 96 pixels, 8-bit RGB, with a blue emblem and three grey bars where a wordmark would be.
 */
import { crc32, deflateSync } from 'node:zlib';

const WIDTH = 240;
const HEIGHT = 96;
type Rgb = [number, number, number];

function pixel(x: number, y: number): Rgb {
  const blue: Rgb = [24, 72, 140];
  const light: Rgb = [120, 170, 225];
  const grey: Rgb = [90, 90, 90];
  // Emblem: a blue square with a light diagonal band, like a stylised "N".
  if (x >= 8 && x < 88 && y >= 8 && y < 88) return Math.abs(x - 8 - (y - 8)) < 12 ? light : blue;
  // Wordmark stand-in: three bars of different lengths.
  if (x >= 104 && ((y >= 22 && y < 38 && x < 232) || (y >= 46 && y < 56 && x < 200) || (y >= 64 && y < 74 && x < 176)))
    return grey;
  return [255, 255, 255];
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function sampleLogoPng(): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, truecolour, deflate, no filter, no interlace
  const rows = Buffer.alloc(HEIGHT * (1 + WIDTH * 3));
  for (let y = 0; y < HEIGHT; y++) {
    const start = y * (1 + WIDTH * 3); // each row starts with filter type 0 (none)
    for (let x = 0; x < WIDTH; x++) rows.set(pixel(x, y), start + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', new Uint8Array(0))]),
  );
}
