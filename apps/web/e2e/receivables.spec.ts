import { expect, test, type Page } from '@playwright/test';
import { addDaysIso, todayIso } from '@kontor/domain/dates';
import { createCounterparty } from './counterparty-fixtures';
import { runId } from './invoice-fixtures';
import { DEMO_ADMIN, signIn } from './support';

/**
 * Issue 64, accounts receivable: an outgoing invoice is written for a customer with 30 days'
 * payment terms and issued; it is outstanding. Its dates are moved into the past, so it shows
 * overdue (and on the Overdue tab); the whole amount is received, and it moves to the Paid tab.
 */

/** A day as the English interface types it (en-GB: day first). */
const typed = (isoDate: string) => isoDate.split('-').reverse().join('/');

/** The overview narrowed to one customer by the search, on the given tab. */
async function showTab(page: Page, tab: string, customer: string) {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('searchbox', { name: 'Search outgoing invoices' }).fill(customer);
  return page.getByTestId('receivable-row').filter({ hasText: customer });
}

test('write and issue an outgoing invoice, see it overdue after moving its dates, record the payment: it is paid', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_ADMIN);
  const customer = `Kunde ${runId()} GmbH`;
  await createCounterparty(page.request, { name: customer, paymentTermsDays: 30, skontoRate: 200, skontoDays: 10 });
  const today = todayIso();

  await page.goto('/demo/accounts-receivable');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts receivable' })).toBeVisible();
  await page.getByRole('link', { name: 'New invoice' }).first().click();
  await expect(page).toHaveURL(/\/demo\/accounts-receivable\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New outgoing invoice' })).toBeVisible();

  // The customer's 30 days' terms set the due date (without terms it would be 14 days).
  await expect(page.getByLabel('Due date')).toHaveValue(typed(addDaysIso(today, 14)));
  await page.getByRole('combobox', { name: 'Customer' }).fill(customer);
  await page.getByRole('option', { name: customer }).click();
  await expect(page.getByLabel('Payment terms (days)')).toHaveValue('30');
  await expect(page.getByLabel('Due date')).toHaveValue(typed(addDaysIso(today, 30)));
  // …and its skonto terms.
  await expect(page.getByLabel('Skonto rate (%)')).toHaveValue('2');
  await expect(page.getByLabel('Skonto days')).toHaveValue('10');

  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Description').fill('Beratung Jahresabschluss');
  await line.getByLabel('Quantity').fill('2,5');
  await line.getByLabel('Unit', { exact: true }).fill('h');
  await line.getByLabel('Unit price').fill('120');
  await expect(line.getByLabel('Tax rate')).toHaveValue('19');
  await expect(line.getByTestId('line-net')).toContainText('300,00');
  // 300,00 € net, 19 % VAT 57,00 €, 357,00 € in total — as the server will compute it.
  const totals = page.getByTestId('receivable-totals');
  await expect(totals.getByTestId('net-amount')).toContainText('300,00');
  await expect(totals.getByTestId('tax-line')).toContainText('57,00');
  await expect(totals.getByTestId('total-amount')).toContainText('357,00');

  await page.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(page.getByText(/^Invoice RE-\d+ issued\.$/)).toBeVisible();
  await expect(page).toHaveURL(/\/demo\/accounts-receivable\/[0-9a-f-]{36}$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Invoice RE-\d+$/);
  const number = (await heading.textContent())!.replace('Invoice ', '');
  await expect(page.getByTestId('receivable-status').first()).toHaveText('Outstanding');
  await expect(page.getByTestId('due-label').first()).toHaveText('due in 30 days');

  // On the Outstanding tab, with its number, customer, due label and open amount.
  await page.getByRole('link', { name: 'Back to accounts receivable' }).click();
  let row = await showTab(page, 'Outstanding', customer);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(number);
  await expect(row.getByTestId('due-label')).toHaveText('due in 30 days');
  await expect(row.getByTestId('open-amount')).toContainText('357,00');

  // Edit it: dated 20 days ago, due 5 days ago.
  await row.click();
  await expect(heading).toHaveText(`Invoice ${number}`);
  await page.getByLabel('Invoice date').fill(typed(addDaysIso(today, -20)));
  await page.getByLabel('Due date').fill(typed(addDaysIso(today, -5)));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved.')).toBeVisible();
  await expect(page.getByTestId('due-label').first()).toHaveText('overdue 5 days');
  await expect(page.getByTestId('receivable-activity')).toContainText('edited the invoice');

  // It is on the Overdue tab now.
  await page.getByRole('link', { name: 'Back to accounts receivable' }).click();
  row = await showTab(page, 'Overdue', customer);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('due-label')).toHaveText('overdue 5 days');

  // The whole amount arrives today: the dialog proposes both.
  await row.click();
  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByTestId('record-payment-dialog');
  await expect(dialog.getByLabel('Received on')).toHaveValue(typed(today));
  await expect(dialog.getByLabel('Amount')).toHaveValue('357,00');
  await expect(dialog.getByTestId('payment-outcome')).toHaveText('The invoice will then be paid in full.');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment recorded: the invoice is paid.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('receivable-status').first()).toHaveText('Paid');
  await expect(page.getByTestId('due-label')).toHaveCount(0);
  await expect(page.getByTestId('receivable-read-only')).toBeVisible();

  // It has left the open tabs for the Paid tab.
  await page.getByRole('link', { name: 'Back to accounts receivable' }).click();
  row = await showTab(page, 'Paid', customer);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('receivable-status')).toHaveText('Paid');
  await expect(row.getByTestId('open-amount')).toContainText('0,00');
  row = await showTab(page, 'Overdue', customer);
  await expect(row).toHaveCount(0);

  // A credit note for it starts from its customer and lines and refers to it.
  row = await showTab(page, 'Paid', customer);
  await row.click();
  await page.getByRole('link', { name: 'Create credit note' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New credit note' })).toBeVisible();
  await expect(page.getByText(`Credit note for invoice ${number}`)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Line 1' }).getByLabel('Description')).toHaveValue('Beratung Jahresabschluss');
  await expect(page.getByTestId('receivable-totals').getByTestId('total-amount')).toContainText('357,00');
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(heading).toHaveText(/^Credit note RE-\d+$/);
});

test('take over open items from a CSV with its columns mapped, see what was skipped, and export the list', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_ADMIN);
  const run = runId();
  const customer = `Altkunde ${run} KG`;
  const csv = [
    'Beleg;Debitor;Datum;Netto;Brutto;Satz',
    `OP-${run}-1;${customer};01.10.2026;1.000,00;1.190,00;19`,
    `OP-${run}-2;${customer};02.10.2026;90,00;100,00;19`,
  ].join('\n');

  await page.goto('/demo/accounts-receivable');
  await page.getByTestId('receivable-import').click();
  await page.getByRole('menuitem', { name: 'Open items from CSV …' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take over receivables from a CSV' });
  await dialog
    .getByTestId('receivable-csv-drop-zone')
    .locator('input[type="file"]')
    .setInputFiles({
      name: 'offene-posten.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
  // "Debitor", "Datum", "Netto" and "Brutto" are found by their names; the rest is mapped by hand.
  await expect(dialog.getByText('All required columns must be mapped: Invoice number.')).toBeVisible();
  for (const [column, header] of [
    ['invoiceNumber', 'Beleg'],
    ['taxRate', 'Satz'],
  ]) {
    await dialog.locator(`#import-column-${column}`).click();
    await page.getByRole('option', { name: header, exact: true }).click();
  }
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const result = dialog.getByTestId('receivable-import-result');
  await expect(result).toContainText('1 invoice taken over.');
  await expect(result).toContainText('1 new customer created.');
  await expect(result).toContainText('total does not follow from net and tax rate');
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

  await page.getByRole('tab', { name: 'All', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search outgoing invoices' }).fill(customer);
  const rows = page.getByTestId('receivable-row').filter({ hasText: customer });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`OP-${run}-1`);

  const download = page.waitForEvent('download');
  await page.getByTestId('export-list').click();
  await page.getByRole('menuitem', { name: 'CSV file (.csv)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  await expect(page.getByText('1 receivable exported.')).toBeVisible();
});
