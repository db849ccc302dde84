import { readFileSync } from 'node:fs';
import { expect, test, type Locator } from '@playwright/test';
import { openInvoice } from './invoice-detail-support';
import { waitUntilRead } from './invoice-fixtures';
import { DEMO_ADMIN, signIn } from './support';

/** A two-page scan compressed as CCITT Group 4, as office scanners write them. */
const SCAN = readFileSync(new URL('./fixtures/scan-two-pages-g4.tif', import.meta.url));

/** How many pixels of the canvas are dark: text was drawn, not a blank page. */
const darkPixelsOf = (canvas: Locator) =>
  canvas.evaluate((element) => {
    const target = element as HTMLCanvasElement;
    const { data } = target.getContext('2d')!.getImageData(0, 0, target.width, target.height);
    let count = 0;
    for (let index = 0; index < data.length; index += 4) if (data[index]! < 128) count += 1;
    return count;
  });

test('a scanned TIFF invoice shows page by page beside the form', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const response = await page.request.post('/api/invoices/upload', {
    multipart: { files: { name: 'scan-papier.tif', mimeType: 'image/tiff', buffer: SCAN } },
  });
  expect(response.status(), await response.text()).toBe(201);
  const id = ((await response.json()) as { items: { id: string }[] }).items[0]!.id;
  await waitUntilRead(page.request, id);
  await openInvoice(page, id);

  // Chromium cannot show a TIFF in an <img>: the viewer decodes it into a canvas.
  const canvas = page.getByTestId('tiff-viewer').getByRole('img', { name: 'Page 1 of the document' });
  await expect(canvas).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect.poll(() => darkPixelsOf(canvas)).toBeGreaterThan(1_000);
  const firstPage = await darkPixelsOf(canvas);

  await page.getByRole('toolbar', { name: 'Document' }).getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  const secondPage = page.getByTestId('tiff-viewer').getByRole('img', { name: 'Page 2 of the document' });
  await expect(secondPage).toBeVisible();
  // The second page has one line of text, the first three.
  await expect.poll(() => darkPixelsOf(secondPage)).toBeLessThan(firstPage);
  expect(await darkPixelsOf(secondPage)).toBeGreaterThan(0);
});
