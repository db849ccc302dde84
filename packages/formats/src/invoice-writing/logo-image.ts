/**
 * The organisation's logo as a PDF can embed it: PNG and JPEG as they are; WebP (which logo
 * uploads accept, but PDF cannot hold) decoded and written as PNG. Recognised by content.
 */
import type { OutgoingSeller } from './outgoing-invoice';

export async function logoForPdf(bytes: Uint8Array): Promise<OutgoingSeller['logo']> {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    return { bytes, mimeType: 'image/png' };
  }
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { bytes, mimeType: 'image/jpeg' };
  const isWebp =
    bytes.length > 12 &&
    String.fromCharCode(...bytes.subarray(0, 4)) === 'RIFF' &&
    String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP';
  if (!isWebp) return null;
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const image = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return { bytes: new Uint8Array(await canvas.encode('png')), mimeType: 'image/png' };
}
