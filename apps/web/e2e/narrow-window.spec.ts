import { expect, test, type Page } from '@playwright/test';
import { createCounterparty } from './counterparty-fixtures';
import { openInvoice } from './invoice-detail-support';
import { runId, setInvoiceFields, tinyPdf, uploadInvoiceByApi, waitUntilRead } from './invoice-fixtures';
import { signInWindowOfWidth, withDatabase } from './support';

/** How many pixels the screen's content is wider than its place: 0 when nothing scrolls sideways. */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const main = document.querySelector('main')!;
    return Math.max(main.scrollWidth - main.clientWidth, document.documentElement.scrollWidth - window.innerWidth);
  });
}

/** How many pixels a table is wider than its frame: 0 when every column is in view. */
function tableOverflow(page: Page, name: string): Promise<number> {
  return page.getByRole('table', { name }).evaluate((table) => table.scrollWidth - table.parentElement!.clientWidth);
}

test('on a 1280 px laptop the invoice overview and the counterparty list show every column: long texts are cut, not scrolled', async ({
  browser,
}) => {
  const page = await signInWindowOfWidth(browser, 1280);
  const id = runId();
  const long = `Sehr lange Bezeichnung ${id} für die Buchhaltung der Niederlassung Süd`;
  const invoiceId = await uploadInvoiceByApi(page.request, await tinyPdf(`${long} Rechnung Oktober.pdf`));
  await waitUntilRead(page.request, invoiceId);
  // A long supplier name, a long number and an overdue date: the widest row the overview has.
  await setInvoiceFields(invoiceId, {
    invoiceNumber: `RE-2026-${id}-000123`,
    counterpartyName: `${long} GmbH`,
    totalAmount: 123_456_789,
  });
  await withDatabase((client) => client.query(`update invoices set due_date = '2025-01-15' where id = $1`, [invoiceId]));
  await page.goto(`/demo/invoices/new?search=${id}`);
  await expect(page.getByRole('cell', { name: `${long} GmbH`, exact: true })).toHaveAttribute('title', `${long} GmbH`);
  const numberCell = page.getByRole('cell', { name: `RE-2026-${id}-000123`, exact: true });
  await expect(numberCell).toHaveAttribute('title', `RE-2026-${id}-000123`);
  const fileCell = page.getByRole('cell', { name: `${long} Rechnung Oktober.pdf`, exact: true });
  await expect(fileCell).toHaveAttribute('title', `${long} Rechnung Oktober.pdf`);
  await expect.poll(() => tableOverflow(page, 'Invoices')).toBeLessThanOrEqual(0);
  await expect(page.getByRole('columnheader', { name: /File/ })).toBeInViewport();

  await createCounterparty(page.request, { name: `${long} GmbH & Co. KG`, city: 'Garmisch-Partenkirchen', country: 'DE' });
  await page.goto(`/demo/counterparties?search=${id}`);
  await expect(page.getByRole('cell', { name: `${long} GmbH & Co. KG`, exact: true })).toHaveAttribute(
    'title',
    `${long} GmbH & Co. KG`,
  );
  await expect.poll(() => tableOverflow(page, 'Counterparties')).toBeLessThanOrEqual(0);
  await expect(page.getByRole('columnheader', { name: 'Open invoices' })).toBeInViewport();
  await page.context().close();
});

test('in a 1024 px window the invoice detail, a counterparty and the payments fit: nothing scrolls sideways', async ({
  browser,
}) => {
  const page = await signInWindowOfWidth(browser, 1024);

  // The form's debit account select names a long bank account; the skonto fields stand three abreast.
  const invoiceId = await uploadInvoiceByApi(page.request, await tinyPdf(`narrow-${runId()}.pdf`));
  await openInvoice(page, invoiceId);
  await expect(page.getByLabel('Debit account')).toBeVisible();
  await expect.poll(() => sidewaysOverflow(page)).toBe(0);

  // A bank account's verification actions sit in the narrower of two cards.
  const counterparty = await createCounterparty(page.request, {
    name: `Schmalfenster ${runId()} GmbH`,
    bankAccounts: [{ name: 'Hausbank', iban: 'DE89370400440532013000', bic: null }],
  });
  await page.goto(`/demo/counterparties/${counterparty.id}`);
  await expect(page.getByRole('button', { name: 'Request executive verification' })).toBeVisible();
  await expect.poll(() => sidewaysOverflow(page)).toBe(0);

  // Three header actions, wider together than the screen: they wrap.
  await page.goto('/demo/transactions');
  await expect(page.getByRole('button', { name: 'New payment' })).toBeVisible();
  await expect.poll(() => sidewaysOverflow(page)).toBe(0);
  await page.context().close();
});

test('on a 1280 px laptop the payments list and a run’s payments show every column, analysis and amount included', async ({
  browser,
}) => {
  const page = await signInWindowOfWidth(browser, 1280);
  const id = runId();
  const accounts = await page.request.get('/api/company-bank-accounts');
  const [account] = ((await accounts.json()) as { items: { id: string }[] }).items;
  const payment = await page.request.post('/api/transactions', {
    data: {
      // The widest row: a long creditor, a long remittance, a nine-digit amount, an unknown IBAN (flagged).
      creditorName: `Schmalfenster Logistik ${id} GmbH & Co. KG`,
      creditorIban: 'DE02120300000000202051',
      amount: 123_456_789,
      requestedExecutionDate: new Date().toISOString().slice(0, 10),
      remittanceInformation: `RE-2026-${id} Kunde 4711`.slice(0, 33),
      debitorBankAccountId: account?.id,
    },
  });
  expect(payment.status(), await payment.text()).toBe(201);
  const { id: transactionId } = (await payment.json()) as { id: string };

  await page.goto(`/demo/transactions?search=${id}`);
  await expect(page.getByTestId('transaction-row')).toHaveCount(1);
  await expect.poll(() => tableOverflow(page, 'Payments')).toBeLessThanOrEqual(0);
  await expect(page.getByRole('columnheader', { name: 'Analysis' })).toBeInViewport();

  const run = await page.request.post('/api/payment-runs', { data: { transactionIds: [transactionId] } });
  expect(run.status(), await run.text()).toBe(201);
  await page.goto(`/demo/pr/${((await run.json()) as { id: string }).id}`);
  await expect(page.getByTestId('run-transaction-row')).toHaveCount(1);
  await expect.poll(() => tableOverflow(page, 'Payments')).toBeLessThanOrEqual(0);
  await expect(page.getByRole('columnheader', { name: 'Amount' }).last()).toBeInViewport();
  await page.context().close();
});
