import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signIn } from './support';

/** A 16×16 teal square, a real PNG file. */
const LOGO_PNG = path.join(import.meta.dirname, 'fixtures/logo-16.png');

test('an uploaded logo shows in the shell; a wrong file type is refused', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/demo/settings/general');

  await page
    .getByLabel('Logo file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByText('The logo must be a PNG, JPEG or WebP image.').first()).toBeVisible();

  await expect(page.getByTestId('chosen-file-name')).toHaveText('No file chosen');
  await page.getByLabel('Logo file').setInputFiles(LOGO_PNG);
  await expect(page.getByTestId('chosen-file-name')).toHaveText('logo-16.png');
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await expect(page.getByText('Logo uploaded.')).toBeVisible();
  await expect(page.getByTestId('chosen-file-name')).toHaveText('No file chosen');

  const shellLogo = page.getByTestId('org-logo').first();
  await expect(shellLogo).toBeVisible();
  await expect(shellLogo).toHaveAttribute('src', /\/files\//);
  expect(await shellLogo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(16);
});
