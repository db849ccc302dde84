import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { runId } from './invoice-fixtures';
import { DEMO_ADMIN, DEMO_CLERK, signIn, withDatabase } from './support';

/** The demo organisation's company account (seed): the debitor of every payment here. */
const DEMO_DEBITOR_IBAN = 'DE89370400440532013000';

/** A check-digit-valid German IBAN nobody has been paid on yet, so the analysis flags it. */
function freshGermanIban(): string {
  const bban = `37040044${String(Date.now()).slice(-10)}`;
  // ISO 13616: move "DE00" behind the BBAN, letters as numbers (D=13, E=14), 98 − (n mod 97).
  const remainder = BigInt(`${bban}131400`) % 97n;
  return `DE${String(98n - remainder).padStart(2, '0')}${bban}`;
}

/** A small pain.001.001.03 with one euro payment (imported) and one in Swiss francs (skipped: not_eur). */
function pain001(id: string, creditorIban: string): string {
  const today = new Date().toISOString().slice(0, 10);
  const transfer = (endToEndId: string, currency: string, amount: string, name: string) => `
      <CdtTrfTxInf>
        <PmtId><EndToEndId>${endToEndId}</EndToEndId></PmtId>
        <Amt><InstdAmt Ccy="${currency}">${amount}</InstdAmt></Amt>
        <Cdtr><Nm>${name}</Nm></Cdtr>
        <CdtrAcct><Id><IBAN>${creditorIban}</IBAN></Id></CdtrAcct>
        <RmtInf><Ustrd>Import ${id}</Ustrd></RmtInf>
      </CdtTrfTxInf>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03">
  <CstmrCdtTrfInitn>
    <GrpHdr>
      <MsgId>E2E-${id}</MsgId>
      <CreDtTm>${new Date().toISOString().slice(0, 19)}</CreDtTm>
      <NbOfTxs>2</NbOfTxs>
      <CtrlSum>110.00</CtrlSum>
      <InitgPty><Nm>Demo GmbH</Nm></InitgPty>
    </GrpHdr>
    <PmtInf>
      <PmtInfId>PMT-${id}</PmtInfId>
      <PmtMtd>TRF</PmtMtd>
      <NbOfTxs>2</NbOfTxs>
      <CtrlSum>110.00</CtrlSum>
      <PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>
      <ReqdExctnDt>${today}</ReqdExctnDt>
      <Dbtr><Nm>Demo GmbH</Nm></Dbtr>
      <DbtrAcct><Id><IBAN>${DEMO_DEBITOR_IBAN}</IBAN></Id></DbtrAcct>
      <DbtrAgt><FinInstnId><BIC>COBADEFFXXX</BIC></FinInstnId></DbtrAgt>
      <ChrgBr>SLEV</ChrgBr>${transfer(`E2E-${id}-1`, 'EUR', '100.00', `Import Euro ${id}`)}${transfer(`E2E-${id}-2`, 'CHF', '10.00', `Import Franken ${id}`)}
    </PmtInf>
  </CstmrCdtTrfInitn>
</Document>`;
}

/** A payment created through the API (the form is tested above), for the flows that start from one. */
async function createPaymentByApi(request: APIRequestContext, creditorName: string): Promise<string> {
  const accounts = await request.get('/api/company-bank-accounts');
  expect(accounts.ok(), await accounts.text()).toBe(true);
  const [account] = ((await accounts.json()) as { items: { id: string }[] }).items;
  const response = await request.post('/api/transactions', {
    data: {
      creditorName,
      creditorIban: freshGermanIban(),
      amount: 5000,
      requestedExecutionDate: new Date().toISOString().slice(0, 10),
      remittanceInformation: 'Stale test',
      debitorBankAccountId: account?.id,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function searchTransactions(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

test('a payment by hand: field errors, analysis flags, mark OK, cancel, archive and reactivate', async ({ page }) => {
  const id = runId();
  const creditor = `E2E Lieferant ${id}`;
  await signIn(page, DEMO_ADMIN);
  await page.goto('/demo/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();

  // "New payment": an invalid IBAN is refused at the field, by the same rule the server uses.
  await page.getByRole('button', { name: 'New payment' }).click();
  const dialog = page.getByTestId('new-transaction-dialog');
  await dialog.getByLabel('Creditor name').fill(creditor);
  await dialog.getByLabel('Creditor IBAN').fill('DE00 1234 5678');
  await dialog.getByLabel('Amount').fill('1.234,56');
  await dialog.getByLabel('Remittance information').fill(`Rechnung ${id}`);
  await expect(dialog.getByTestId('remittance-counter')).toContainText(`${`Rechnung ${id}`.length} / 33 characters`);
  await dialog.getByLabel('Pay from (debitor account)').click();
  await page.getByRole('option', { name: /Geschäftskonto Commerzbank/ }).click();
  await dialog.getByRole('button', { name: 'Create payment' }).click();
  await expect(dialog.getByText('Please enter a valid IBAN.')).toBeVisible();

  await dialog.getByLabel('Creditor IBAN').fill(freshGermanIban());
  await dialog.getByRole('button', { name: 'Create payment' }).click();
  await expect(page.getByText(`Payment to ${creditor} created.`)).toBeVisible();

  // The new payment opens in the detail panel, analysed at once: a never-paid IBAN is flagged with its reason.
  const detail = page.getByTestId('transaction-detail');
  await expect(detail.getByTestId('transaction-amount')).toContainText('1.234,56');
  const analysis = detail.getByTestId('analysis-panel');
  await expect(analysis.getByTestId('flag-iban_never_paid')).toContainText('No payment has gone to IBAN DE');
  await expect(analysis.getByTestId('analysis-status')).toContainText('Warning');

  // Mark OK needs a note.
  await analysis.getByRole('button', { name: 'Mark OK' }).click();
  const decision = page.getByTestId('analysis-decision-dialog');
  await decision.getByRole('button', { name: 'Mark as OK' }).click();
  await expect(decision.getByText('Please add a note.')).toBeVisible();
  await decision.getByLabel('Note (required)').fill('Neuer Lieferant, telefonisch bestätigt');
  await decision.getByRole('button', { name: 'Mark as OK' }).click();
  await expect(page.getByText('Payment marked OK.')).toBeVisible();
  await expect(analysis.getByTestId('analysis-status')).toContainText('Marked OK');
  await expect(analysis.getByTestId('analysis-decision')).toContainText('telefonisch bestätigt');

  // It is in the open list.
  await page.keyboard.press('Escape');
  await searchTransactions(page, creditor);
  const row = page.getByTestId('transaction-row').filter({ hasText: creditor });
  await expect(row).toContainText('1.234,56');
  await expect(row).toContainText('Marked OK');
  await expect(row).toContainText('Due today');

  // Cancel with a reason: it leaves the open list for the archive.
  await row.click();
  await detail.getByRole('button', { name: 'Cancel payment' }).click();
  const reasonDialog = page.getByTestId('transaction-reason-dialog');
  await reasonDialog.getByLabel('Reason (required)').fill('Doppelt erfasst');
  await reasonDialog.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page.getByText('Payment cancelled.')).toBeVisible();
  await expect(detail.getByTestId('transaction-status')).toHaveText('Cancelled');
  await expect(detail.getByTestId('transaction-cancel-reason')).toContainText('Doppelt erfasst');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('transaction-row').filter({ hasText: creditor })).toHaveCount(0);

  // The archive's transactions tab shows it; reactivating brings it back to the open list.
  await page.goto('/demo/archive/transactions');
  await searchTransactions(page, creditor);
  const archived = page.getByTestId('archived-transaction-row').filter({ hasText: creditor });
  await expect(archived).toContainText('Cancelled');
  await archived.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText(`Payment to ${creditor} reactivated.`)).toBeVisible();
  await expect(archived).toHaveCount(0);

  await page.goto('/demo/transactions');
  await searchTransactions(page, creditor);
  await expect(page.getByTestId('transaction-row').filter({ hasText: creditor })).toContainText('Open');
});

test('importing a pain.001 file shows progress, then created and skipped entries with reasons', async ({ page }) => {
  const id = runId();
  await signIn(page, DEMO_ADMIN);
  await page.goto('/demo/transactions');
  await page.getByRole('button', { name: 'Import payments (pain.001)' }).click();
  const dialog = page.getByTestId('bank-file-import-dialog');
  // Refused before upload (not XML), then by the server (XML, but no bank file).
  await dialog.getByLabel('Bank file').setInputFiles({ name: 'zahlungen.csv', mimeType: 'text/csv', buffer: Buffer.from('a;b') });
  await expect(dialog.getByText('zahlungen.csv is not an XML file.')).toBeVisible();
  await dialog.getByLabel('Bank file').setInputFiles({
    name: 'notiz.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from('<?xml version="1.0"?><Notiz>Hallo</Notiz>'),
  });
  await expect(page.getByText('This file is neither a pain.001 nor a camt.053 XML file.')).toBeVisible();

  await dialog.getByLabel('Bank file').setInputFiles({
    name: `zahlungen-${id}.xml`,
    mimeType: 'application/xml',
    buffer: Buffer.from(pain001(id, freshGermanIban()), 'utf8'),
  });
  const result = dialog.getByTestId('bank-file-import-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result.getByTestId('import-created-count')).toHaveText('1 created');
  await expect(result.getByTestId('import-skipped-count')).toHaveText('1 skipped');
  await expect(result.getByTestId('import-problems')).toContainText('Not in euros: 10,00');
  await expect(page.getByText(`zahlungen-${id}.xml: 1 created, 1 skipped.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  await searchTransactions(page, `Import Euro ${id}`);
  const imported = page.getByTestId('transaction-row').filter({ hasText: `Import Euro ${id}` });
  await expect(imported).toContainText('100,00');

  // Open payments can be chosen for a payment run.
  await imported.getByRole('checkbox', { name: `Select payment to Import Euro ${id}` }).check();
  await expect(page.getByText('1 payment selected')).toBeVisible();
  await expect(page.getByTestId('create-payment-run')).toBeEnabled();

  // The dashboard: the payment is due today, so the 7-day alert is up; the period can change.
  await page.goto('/demo/transaction-dashboard');
  await expect(page.getByTestId('due-soon')).toContainText('due within 7 days');
  await page.getByLabel('Period').click();
  await page.getByRole('option', { name: 'Last 90 days' }).click();
  await expect(page).toHaveURL(/range=90d/);
  await expect(page.getByRole('heading', { level: 2, name: /Last 90 days/ })).toBeVisible();
});

test('without payment_runs:manage the clerk is sent away from the transactions', async ({ page }) => {
  await signIn(page, DEMO_CLERK);
  await page.goto('/demo/transactions');
  await expect(page).toHaveURL(/\/demo\/invoices\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toHaveCount(0);
  await page.goto('/demo/archive/transactions');
  await expect(page).toHaveURL(/\/demo\/archive$/);
});

test('editing a payment someone else changed meanwhile opens the stale-edit dialog and keeps what was typed', async ({
  page,
}) => {
  const creditor = `E2E Stale ${runId()}`;
  await signIn(page, DEMO_ADMIN);
  const id = await createPaymentByApi(page.request, creditor);
  await page.goto(`/demo/transactions?id=${id}`);
  const detail = page.getByTestId('transaction-detail');
  await expect(detail.getByTestId('transaction-amount')).toContainText('50,00');

  await detail.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByTestId('edit-transaction-dialog');
  await edit.getByLabel('Amount').fill('75,00');
  // Someone else saves a new remittance in the meantime.
  await withDatabase((client) =>
    client.query(`update transactions set remittance_information = 'Changed elsewhere', version = version + 1 where id = $1`, [
      id,
    ]),
  );
  await edit.getByRole('button', { name: 'Save' }).click();
  const stale = page.getByTestId('transaction-stale-dialog');
  await expect(stale).toContainText('They changed: Remittance.');
  await stale.getByRole('button', { name: 'Keep mine' }).click();
  await expect(edit.getByLabel('Remittance information')).toHaveValue('Changed elsewhere');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Payment saved.')).toBeVisible();
  await expect(detail.getByTestId('transaction-amount')).toContainText('75,00');
});
