import { expect, test } from '@playwright/test';
import { runId, setInvoiceFields, tinyPdf, uploadInvoiceByApi } from './invoice-fixtures';
import { DEMO_ADMIN, signIn } from './support';

test('an invoice is found by its number, its counterparty and its amount; the search stays in the address', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const id = runId();
  const invoiceNumber = `RE-${id}`;
  const counterpartyName = `Suchtest ${id} GmbH`;
  const invoiceId = await uploadInvoiceByApi(page.request, await tinyPdf(`search-${id}.pdf`));
  await setInvoiceFields(invoiceId, { invoiceNumber, counterpartyName, totalAmount: 987_654 });

  await page.goto('/demo/invoices/new');
  const search = page.getByRole('searchbox', { name: 'Search invoices' });
  const rows = page.getByTestId('invoice-row');

  await search.fill(invoiceNumber);
  await expect(page).toHaveURL(new RegExp(`search=${invoiceNumber}`));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(counterpartyName);
  await expect(rows.first()).toContainText('9.876,54 €');

  await search.fill(`Suchtest ${id}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(invoiceNumber);

  await search.fill('9.876,54');
  await expect(rows.filter({ hasText: invoiceNumber })).toHaveCount(1);

  await search.fill(`nothing-${id}`);
  await expect(page.getByText('No invoices match')).toBeVisible();

  // The address keeps the search: a reload shows the same result.
  await search.fill(invoiceNumber);
  await expect(rows).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search invoices' })).toHaveValue(invoiceNumber);
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);

  await page.getByTestId('invoice-row').first().click();
  await expect(page).toHaveURL(new RegExp(`/demo/invoices/new/${invoiceId}`));
});
