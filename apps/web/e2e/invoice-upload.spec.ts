import { expect, test } from '@playwright/test';
import { runId, tinyPdf } from './invoice-fixtures';
import { DEMO_ADMIN, signIn } from './support';

test('uploading three PDFs shows each one’s progress and creates three new invoices', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const id = runId();
  const files = await Promise.all([1, 2, 3].map((n) => tinyPdf(`rechnung-${id}-${n}.pdf`)));

  await page.getByRole('button', { name: 'Upload invoices' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload invoices' });
  await dialog.getByLabel('Choose files').setInputFiles(files);

  await expect(dialog.getByTestId('upload-file')).toHaveCount(3);
  for (const file of files) {
    const row = dialog.getByTestId('upload-file').filter({ hasText: file.name });
    await expect(row).toHaveAttribute('data-status', 'done');
    await expect(row.getByRole('progressbar', { name: `Upload progress of ${file.name}` })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
  }
  await expect(dialog.getByText('3 of 3 uploaded')).toBeVisible();
  await expect(page.getByText('3 invoices uploaded.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  for (const file of files) {
    const row = page.getByTestId('invoice-row').filter({ hasText: file.name });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('New', { exact: true })).toBeVisible();
  }
});

test('a file that is not a PDF or image is refused before upload, with its reason', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.getByRole('button', { name: 'Upload invoices' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload invoices' });
  await dialog
    .getByLabel('Choose files')
    .setInputFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
  const row = dialog.getByTestId('upload-file').filter({ hasText: 'setup.exe' });
  await expect(row).toHaveAttribute('data-status', 'failed');
  await expect(row.getByText('setup.exe is not a PDF or an image (PNG, JPEG, TIFF, WebP).')).toBeVisible();
});

test('when the plan’s invoice limit is reached, the admin is offered the upgrade', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  // The real limit needs a month of uploads; the server's answer to it is what the screen must handle.
  await page.route('**/api/invoices/upload', (route) =>
    route.fulfill({
      status: 402,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'subscription_limit_reached', message: 'limit', params: { limit: 'invoices per month' } }),
    }),
  );
  await page.getByRole('button', { name: 'Upload invoices' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload invoices' });
  await dialog.getByLabel('Choose files').setInputFiles([await tinyPdf('limit-1.pdf'), await tinyPdf('limit-2.pdf')]);

  await expect(dialog.getByTestId('upload-file').filter({ hasText: 'limit-1.pdf' })).toHaveAttribute('data-status', 'failed');
  await expect(
    dialog.getByText("Your plan's limit for invoices per month is reached. Upgrade your plan to continue.").first(),
  ).toBeVisible();
  await expect(dialog.getByText("Your plan's invoice limit is reached")).toBeVisible();
  await expect(page.getByText('2 files could not be uploaded.')).toBeVisible();
  await dialog.getByRole('link', { name: 'Upgrade plan' }).click();
  await expect(page).toHaveURL(/\/demo\/settings\/billing$/);
});
