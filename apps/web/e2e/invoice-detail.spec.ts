import { expect, test, type Page } from '@playwright/test';
import { chooseOption, isoDate, openInvoice, uploadInvoice } from './invoice-detail-support';
import { createCounterparty } from './counterparty-fixtures';
import { DEMO_ADMIN, signIn, withDatabase } from './support';

const savedToast = (page: Page) => page.getByText('Invoice saved.');

test('open an invoice, fill the form and save it', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const id = await uploadInvoice(page, 'buerowelt.pdf');
  await openInvoice(page, id);

  // The document is rendered with pdf.js beside the form.
  await expect(page.getByRole('img', { name: 'Page 1 of the document' })).toBeVisible();
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open original' })).toHaveAttribute('href', /\/files\//);
  const zoom = page.getByRole('toolbar', { name: 'Document' });
  const level = zoom.getByText(/^\d+ %$/);
  const readLevel = async () => Number.parseInt((await level.textContent()) ?? '0', 10);
  const fitted = await readLevel();
  await zoom.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(readLevel).toBeGreaterThan(fitted);
  const zoomed = await readLevel();
  await zoom.getByRole('button', { name: 'Fit to width' }).click();
  await expect.poll(readLevel).toBeLessThan(zoomed);

  // Choosing a counterparty fills its name, IBAN and VAT number.
  await page.getByRole('combobox', { name: 'Counterparty', exact: true }).fill('Bürowelt');
  await page.getByRole('option', { name: /Bürowelt Schneider GmbH/ }).click();
  await expect(page.getByLabel('Counterparty name')).toHaveValue('Bürowelt Schneider GmbH');
  await expect(page.getByLabel('IBAN', { exact: true })).toHaveValue('DE25 7002 0270 0015 0401 23');
  await expect(page.getByLabel('VAT number')).toHaveValue('DE287654324');

  const number = `E2E-${Date.now()}`;
  await page.getByLabel('Invoice number').fill(number);
  await page.getByLabel('Invoice date').fill(isoDate());
  await page.getByLabel('Due date').fill(isoDate(14));
  await chooseOption(page, 'Currency', 'EUR');
  await page.getByLabel('Net amount').fill('1000');
  await page.getByLabel('Tax amount').fill('190');
  await page.getByLabel('Total amount').fill('1190');
  await page.getByLabel('Total amount').blur();
  await expect(page.getByLabel('Total amount')).toHaveValue('1.190,00');
  await page.getByLabel('Tax rate (%)').fill('19');
  await chooseOption(page, 'Cost centre (KOST1)', '200 - Vertrieb');
  await chooseOption(page, 'Ledger account', '4930 - Bürobedarf');
  await page.getByLabel('Remittance information').fill(number);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(savedToast(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${number}`);

  // What was saved comes back after a reload, and the history names the changed fields (master
  // data by code and name, not by id).
  await page.reload();
  await expect(page.getByLabel('Invoice number')).toHaveValue(number);
  await expect(page.getByLabel('Total amount')).toHaveValue('1.190,00');
  await expect(page.getByLabel('Cost centre (KOST1)')).toHaveText('200 - Vertrieb');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('activity-list')).toContainText('Invoice number');
  await expect(page.getByTestId('activity-list')).toContainText('Cost centre (KOST1): empty → 200 - Vertrieb');
  await expect(page.getByTestId('activity-list')).toContainText('Ledger account: empty → 4930 - Bürobedarf');
});

test('split lines that do not add up show the difference', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await openInvoice(page, await uploadInvoice(page));

  await page.getByLabel('Total amount').fill('100');
  await page.getByRole('button', { name: 'Add split line' }).click();
  const firstLine = page.getByRole('listitem', { name: 'Line 1' });
  // A new line takes what is left to allocate.
  await expect(firstLine.getByLabel('Amount')).toHaveValue('100,00');
  await expect(page.getByTestId('split-balance')).toHaveText('The split lines add up to the total.');

  await firstLine.getByLabel('Amount').fill('60');
  await expect(page.getByTestId('split-balance')).toHaveText(/^40,00\s€ left to allocate\.$/);

  await page.getByRole('button', { name: 'Add split line' }).click();
  const secondLine = page.getByRole('listitem', { name: 'Line 2' });
  await expect(secondLine.getByLabel('Amount')).toHaveValue('40,00');
  await secondLine.getByLabel('Amount').fill('70');
  await expect(page.getByTestId('split-balance')).toHaveText(/^The split lines exceed the total by 30,00\s€\.$/);

  // Saving is refused with the same difference.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('form-error-summary')).toContainText(/The split lines exceed the total by 30,00\s€/);
  await expect(savedToast(page)).toHaveCount(0);

  // Leaving with unsaved lines asks first; staying keeps them.
  await page.getByRole('link', { name: 'Back to the list' }).click();
  await page.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(page.getByRole('listitem', { name: 'Line 2' }).getByLabel('Amount')).toHaveValue('70,00');
  await expect(page).toHaveURL(/\/demo\/invoices\/new\/[0-9a-f-]+$/);
});

test('an invalid IBAN blocks saving with its message', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await openInvoice(page, await uploadInvoice(page));
  let puts = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/api/invoices/')) puts += 1;
  });

  await expect(page.getByLabel('Create a transaction')).toBeChecked();
  await page.getByLabel('Invoice number').fill('IBAN-1');
  await page.getByLabel('Invoice date').fill(isoDate());
  await page.getByLabel('Due date').fill(isoDate(7));
  await chooseOption(page, 'Currency', 'EUR');
  await page.getByLabel('Total amount').fill('50');
  await page.getByLabel('Tax rate (%)').fill('19');
  await page.getByLabel('IBAN', { exact: true }).fill('DE00 1234 5678 9012 3456 78');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  const iban = page.getByLabel('IBAN', { exact: true });
  await expect(iban).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#invoice-counterpartyIban-error')).toHaveText('Please enter a valid IBAN.');
  await expect(savedToast(page)).toHaveCount(0);
  expect(puts).toBe(0);

  // Corrected, it saves.
  await iban.fill('DE89370400440532013000');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(savedToast(page)).toBeVisible();
});

test('cancelling with a reason lands in the archive', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const id = await uploadInvoice(page);
  await openInvoice(page, id);

  await page.getByRole('button', { name: 'Cancel invoice' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Cancel and archive' }).click();
  await expect(dialog.getByText('Please give a reason.')).toBeVisible();

  await dialog.getByLabel('Reason').fill('Duplicate of R-1001');
  await dialog.getByRole('button', { name: 'Cancel and archive' }).click();
  await expect(page.getByText('Invoice cancelled and archived.')).toBeVisible();
  await expect(page).toHaveURL(/\/demo\/archive\/invoices$/);

  const answer = await page.request.get(`/api/invoices/${id}`);
  expect(await answer.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Duplicate of R-1001' });
});

test('a second browser saving the same invoice gets the stale-edit message', async ({ page, browser, baseURL }) => {
  await signIn(page, DEMO_ADMIN);
  const id = await uploadInvoice(page);
  await openInvoice(page, id);

  const otherContext = await browser.newContext({ baseURL });
  const other = await otherContext.newPage();
  await signIn(other, DEMO_ADMIN);
  await openInvoice(other, id);

  // The other person saves first.
  await other.getByLabel('Invoice number').fill('FROM-OTHER');
  await other.getByLabel('Invoice date').fill(isoDate());
  await other.getByLabel('Due date').fill(isoDate(10));
  await chooseOption(other, 'Currency', 'EUR');
  await other.getByLabel('Total amount').fill('10');
  await other.getByLabel('Tax rate (%)').fill('19');
  await other.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 00');
  await other.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(savedToast(other)).toBeVisible();
  await otherContext.close();

  // My save with the old version is refused; what I typed stays.
  await page.getByLabel('Invoice number').fill('MINE');
  await page.getByLabel('Invoice date').fill(isoDate());
  await page.getByLabel('Due date').fill(isoDate(20));
  await chooseOption(page, 'Currency', 'EUR');
  await page.getByLabel('Total amount').fill('20');
  await page.getByLabel('Tax rate (%)').fill('7');
  await page.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 00');
  await page.getByRole('textbox', { name: 'Notes', exact: true }).fill('Checked against the delivery note');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  const dialog = page.getByTestId('stale-edit-dialog');
  await expect(dialog.getByText('Someone else changed this invoice')).toBeVisible();
  await expect(dialog).toContainText('You both changed: Invoice number');
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByRole('textbox', { name: 'Notes', exact: true })).toHaveValue('Checked against the delivery note');

  // Reload keeping my changes: my values on top of the fresh version, then saving works.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.getByRole('button', { name: 'Reload and keep my changes' }).click();
  await expect(page.getByLabel('Invoice number')).toHaveValue('MINE');
  await expect(page.getByRole('textbox', { name: 'Notes', exact: true })).toHaveValue('Checked against the delivery note');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(savedToast(page)).toBeVisible();
});

test('the German locale shows German labels', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const id = await uploadInvoice(page);
  await page.getByTestId('user-menu').first().click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await openInvoice(page, id);
  for (const label of ['Rechnungsnummer', 'Rechnungsdatum', 'Fälligkeitsdatum', 'Nettobetrag', 'Steuerbetrag', 'Bruttobetrag']) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
  for (const label of [
    'Kostenstelle (KOST1)',
    'Kostenträger (KOST2)',
    'Sachkonto',
    'Steuerschlüssel',
    'Belastungskonto',
    'Verwendungszweck',
  ]) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
  for (const heading of ['Aufteilung', 'Positionen', 'Skonto']) {
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('tab', { name: /Kommentare/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Verlauf' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Speichern', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zurück zur Liste' })).toBeVisible();
});

test('an unknown invoice and one still in OCR say so', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/demo/invoices/new/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Invoice not found' })).toBeVisible();
  await expect(page.getByText('This invoice does not exist, or you have no permission to see it.')).toBeVisible();

  const id = await uploadInvoice(page);
  await withDatabase((client) => client.query("update invoices set ocr_status = 'processing' where id = $1", [id]));
  await page.goto(`/demo/invoices/new/${id}`);
  await expect(page.getByRole('heading', { name: 'The invoice is still being read' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  // Once reading is done, the waiting page opens the invoice by itself (it asks again every 2 s).
  await withDatabase((client) => client.query("update invoices set ocr_status = 'done' where id = $1", [id]));
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible({ timeout: 10_000 });
});

test('a skonto rate fills the skonto amount from the total; an amount typed by hand stays', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const id = await uploadInvoice(page, 'skonto.pdf');
  await openInvoice(page, id);

  const total = page.getByLabel('Total amount');
  const rate = page.getByLabel('Skonto rate (%)');
  const amount = page.getByLabel('Skonto amount');
  await total.fill('1190');
  await rate.fill('2');
  await expect(amount).toHaveValue('23,80');
  await rate.fill('3');
  await expect(amount).toHaveValue('35,70');
  await total.fill('1000');
  await expect(amount).toHaveValue('30,00');

  // The supplier's own figure wins over the computed one.
  await amount.fill('29,99');
  await rate.fill('2');
  await expect(amount).toHaveValue('29,99');
});

test('choosing a counterparty takes its agreed terms for the fields still empty', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const name = `Konditionen ${Date.now()} GmbH`;
  await createCounterparty(page.request, { name, paymentTermsDays: 30, skontoDays: 10, skontoRate: 200 });
  const id = await uploadInvoice(page, 'konditionen.pdf');
  await openInvoice(page, id);

  await page.getByLabel('Invoice date', { exact: true }).fill('2026-11-02');
  await page.getByLabel('Total amount').fill('1190');
  await page.getByRole('combobox', { name: 'Counterparty', exact: true }).fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();

  await expect(page.getByText(`Taken from the terms agreed with ${name}: Due date, Skonto.`)).toBeVisible();
  await expect(page.getByLabel('Due date', { exact: true })).toHaveValue('02/12/2026');
  await expect(page.getByLabel('Skonto rate (%)')).toHaveValue('2');
  await expect(page.getByLabel('Skonto amount')).toHaveValue('23,80');
  await expect(page.getByLabel('Skonto date', { exact: true })).toHaveValue('12/11/2026');
});

test('net and tax follow the gross total and the tax rate, and a line total follows quantity × unit price', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const id = await uploadInvoice(page, 'betraege.pdf');
  await openInvoice(page, id);

  const [net, tax, total] = [page.getByLabel('Net amount'), page.getByLabel('Tax amount'), page.getByLabel('Total amount')];
  await page.getByLabel('Tax rate (%)').fill('19');
  await total.fill('1190');
  await expect(net).toHaveValue('1.000,00');
  await expect(tax).toHaveValue('190,00');
  await page.getByLabel('Tax rate (%)').fill('7');
  await expect(net).toHaveValue('1.112,15');
  await expect(tax).toHaveValue('77,85');

  await page.getByRole('button', { name: 'Add line item' }).click();
  const line = page.getByRole('listitem', { name: 'Line item 1' });
  await line.getByLabel('Quantity').fill('3');
  await line.getByLabel('Unit price').fill('19,99');
  await expect(line.getByLabel('Total', { exact: true })).toHaveValue('59,97');
  // A total typed by hand stays when the quantity changes.
  await line.getByLabel('Total', { exact: true }).fill('60');
  await line.getByLabel('Quantity').fill('4');
  await expect(line.getByLabel('Total', { exact: true })).toHaveValue('60,00');
});
