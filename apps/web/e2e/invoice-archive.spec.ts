import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { getInvoiceVersion, runId, setInvoiceFields, tinyPdf, uploadInvoiceByApi } from './invoice-fixtures';
import { DEMO_ADMIN, signIn } from './support';

test('a cancelled invoice is in the archive with its reason and can be restored to New', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const id = runId();
  const invoiceNumber = `STORNO-${id}`;
  const reason = `Doppelt erfasst ${id}`;
  const invoiceId = await uploadInvoiceByApi(page.request, await tinyPdf(`cancel-${id}.pdf`));
  await setInvoiceFields(invoiceId, { invoiceNumber, counterpartyName: `Archivtest ${id} AG`, totalAmount: 12_300 });

  // Cancelling is the detail page's action (its own spec); here it only sets the stage.
  const version = await getInvoiceVersion(page.request, invoiceId);
  const cancel = await page.request.post(`/api/invoices/${invoiceId}/cancel`, { data: { reason, version } });
  expect(cancel.ok(), await cancel.text()).toBe(true);

  await page.goto('/demo/invoices/new');
  await page.getByRole('searchbox', { name: 'Search invoices' }).fill(invoiceNumber);
  await expect(page.getByText('No invoices match')).toBeVisible();

  await page.goto(`/demo/archive/invoices?search=${invoiceNumber}`);
  const row = page.getByTestId('archive-row').filter({ hasText: invoiceNumber });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Cancelled');
  await expect(row).toContainText(reason);

  // The archive exports what it lists, with the reason.
  await page.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV file (.csv)' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv).toContain('Cancellation reason');
  expect(csv.trimEnd().split('\r\n')).toHaveLength(2);
  expect(csv).toContain(`${invoiceNumber},`);
  expect(csv).toContain(reason);

  // A row opens the invoice as a screen of its own: one heading, the invoice's, with the reason.
  await row.getByText(reason).click();
  await expect(page).toHaveURL(new RegExp(`/demo/archive/invoices/${invoiceId}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${invoiceNumber}`);
  await expect(page.getByText(`Cancelled: ${reason}`)).toBeVisible();
  await page.goBack();

  await row.getByRole('button', { name: `Restore invoice ${invoiceNumber}` }).click();
  await expect(page.getByText(`Invoice ${invoiceNumber} restored; you find it under New.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.goto(`/demo/invoices/new?search=${invoiceNumber}`);
  await expect(page.getByTestId('invoice-row').filter({ hasText: invoiceNumber })).toHaveCount(1);
});

test('bulk archive: selected invoices move to the archive, with a toast that counts them', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const id = runId();
  const numbers = [`BULK-${id}-A`, `BULK-${id}-B`];
  for (const invoiceNumber of numbers) {
    const invoiceId = await uploadInvoiceByApi(page.request, await tinyPdf(`${invoiceNumber}.pdf`));
    await setInvoiceFields(invoiceId, { invoiceNumber, counterpartyName: `Sammel ${id} KG`, totalAmount: 5_000 });
  }

  await page.goto(`/demo/invoices/new?search=BULK-${id}`);
  const rows = page.getByTestId('invoice-row');
  await expect(rows).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all shown invoices' }).click();
  await expect(page.getByText('2 invoices selected')).toBeVisible();
  await page.getByRole('region', { name: 'Selected invoices' }).getByRole('button', { name: 'Archive' }).click();
  await page.getByRole('dialog', { name: 'Archive 2 invoices?' }).getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('2 invoices archived.')).toBeVisible();
  await expect(rows).toHaveCount(0);

  await page.goto(`/demo/archive/invoices?search=BULK-${id}`);
  await expect(page.getByTestId('archive-row')).toHaveCount(2);
  await expect(page.getByTestId('archive-row').first()).toContainText('Archived');
});

test('the overview speaks German to a German user', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.getByTestId('user-menu').first().click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { name: 'Rechnungen', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Meine Freigaben/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rechnungen hochladen' }).first()).toBeVisible();
  await page.goto('/demo/archive/invoices');
  await expect(page.getByRole('heading', { name: 'Archiv', level: 1 })).toBeVisible();
  // Back to English for the specs that follow (they share the demo user).
  await page.getByTestId('user-menu').first().click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
