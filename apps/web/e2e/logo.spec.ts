import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signIn } from './support';

function crc32(buffer: Buffer): number {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 16×16 teal square as a real PNG. */
function tealSquarePng(): Buffer {
  const size = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([15, 61, 62]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('an uploaded logo shows in the shell; a wrong file type is refused', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/demo/settings/general');

  await page
    .getByLabel('Logo file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByText('The logo must be a PNG, JPEG or WebP image.').first()).toBeVisible();

  await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tealSquarePng() });
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await expect(page.getByText('Logo uploaded.')).toBeVisible();

  const shellLogo = page.getByTestId('org-logo').first();
  await expect(shellLogo).toBeVisible();
  await expect(shellLogo).toHaveAttribute('src', /\/files\//);
  expect(await shellLogo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(16);
});
