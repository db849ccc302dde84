import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Download, type Page } from '@playwright/test';
import { validateSepaXml } from '@kontor/formats';
import { withoutFourEyesPrinciple } from './approval-support';
import { createCounterparty } from './counterparty-fixtures';
import { isoDate } from './invoice-detail-support';
import { createSoleApproverInvoiceFlow, runId } from './invoice-fixtures';
import { approvedInvoice, demoPaymentIds, openPayment } from './payment-fixtures';
import { DEMO_ADMIN, signedInPage, withDatabase } from './support';

// Anna Admin approves, alone, the invoices she uploads and the runs she creates here.
withoutFourEyesPrinciple();

/**
 * Issue 7 end to end: an approved invoice becomes a payment, the payment goes into a run, the run
 * is approved and exported as a schema-valid pain.001; a payment the fraud checks stop blocks the
 * export until someone marks it OK.
 */

const signedInPageWithDownloads = (browser: Browser, email: string) => signedInPage(browser, email, { acceptDownloads: true });

/** A payment-run flow through the API (the test that builds one in the editor may not have run). */
async function resetPaymentRunFlow(admin: Page, adminId: string): Promise<void> {
  await withDatabase((client) =>
    client.query(
      `delete from approval_flows where type = 'payment_run' and organization_id = (select id from organizations where slug = 'demo')`,
    ),
  );
  const response = await admin.request.post('/api/approval-flows', {
    data: {
      name: `Zahlläufe ${runId()}`,
      type: 'payment_run',
      isDefault: true,
      steps: [{ approverIds: [adminId], requiredApprovals: 1 }],
      conditions: [],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Issue 7 item 4: an admin creates a payment-run flow in the flows editor. */
async function createPaymentRunFlowInSettings(admin: Page, name: string): Promise<void> {
  await admin.goto('/demo/settings/approval-flows');
  await admin.getByRole('button', { name: 'New flow' }).click();
  await admin.getByLabel('Name').fill(name);
  await admin.getByRole('radio', { name: 'Payment run' }).check();
  await admin.getByLabel('Default flow').check();
  await admin.getByRole('group', { name: 'Step 1' }).getByRole('checkbox', { name: 'Anna Admin' }).check();
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Approval flow saved.')).toBeVisible();
}

async function downloadedText(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

/** Export dialog → pain.001.001.09 (the default) → the download the browser receives. */
async function exportRun(page: Page): Promise<Buffer> {
  await page.getByTestId('run-export').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: /pain\.001\.001\.09/ })).toBeChecked();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export and download' }).click();
  const file = await downloadedText(await downloading);
  await expect(page.getByText(/PR-\d+ was exported\./)).toBeVisible();
  await expect(page.getByTestId('run-status')).toHaveText('Exported');
  return file;
}

async function expectValidPain001(xml: string): Promise<void> {
  const result = await validateSepaXml(xml, 'pain.001.001.09');
  expect(result.errors).toEqual([]);
  expect(result.valid).toBe(true);
}

/** Request approval and approve as Anna Admin, the flow's only approver. */
async function approveRun(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Request approval' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Request approval' }).click();
  await expect(page.getByText(/Approval of PR-\d+ was requested\./)).toBeVisible();
  await expect(page.getByTestId('run-status')).toHaveText('In approval');
  await expect(page.getByTestId('run-approval-item').filter({ hasText: 'Anna Admin' })).toContainText('Pending');
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText(/PR-\d+ was approved\./)).toBeVisible();
  await expect(page.getByTestId('run-status')).toHaveText('Approved');
  await expect(page.getByTestId('run-approval-item').filter({ hasText: 'Anna Admin' })).toContainText('Approved');
}

test.beforeAll(async () => {
  // Flows of earlier specs would compete with the ones built here.
  await withDatabase((client) =>
    client.query(`delete from approval_flows where organization_id = (select id from organizations where slug = 'demo')`),
  );
});

test('approved invoice → payment → run → approval → valid pain.001, downloaded again byte for byte', async ({ browser }) => {
  const admin = await signedInPageWithDownloads(browser, DEMO_ADMIN);
  const ids = await demoPaymentIds();
  // Anna Admin approves invoices alone.
  await createSoleApproverInvoiceFlow(admin.request, ids.adminId, `Rechnungen ${runId()}`);
  await createPaymentRunFlowInSettings(admin, `Zahlläufe ${runId()}`);

  const invoiceNumber = `ZL-${runId()}`;
  const invoiceId = await approvedInvoice(admin, admin, ids, invoiceNumber, 123_45);
  const payment = await withDatabase(async (client) => {
    const rows = await client.query<{ end_to_end_id: string; amount: string }>(
      'select end_to_end_id, amount from transactions where invoice_id = $1',
      [invoiceId],
    );
    return rows.rows[0];
  });
  expect(payment, 'approving the invoice created its payment').toBeDefined();
  expect(Number(payment!.amount)).toBe(123_45);

  // The invoice shows its payment, open and in no run yet.
  await admin.goto(`/demo/invoices/approved/${invoiceId}`);
  const paymentPanel = admin.getByTestId('invoice-payment');
  await expect(paymentPanel.getByTestId('invoice-payment-status')).toHaveText('Open');
  await expect(paymentPanel).toContainText('123,45');
  await expect(paymentPanel).toContainText('Not in a payment run yet');

  // The payment is open on /demo/transactions: select it and create a run.
  await admin.goto('/demo/transactions');
  const row = admin.getByTestId('transaction-row').filter({ hasText: invoiceNumber });
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').check();
  await admin.getByTestId('create-payment-run').click();
  const createDialog = admin.getByTestId('create-payment-run-dialog');
  await createDialog.getByLabel('Name (optional)').fill(`Lauf ${invoiceNumber}`);
  await createDialog.getByRole('button', { name: 'Create run' }).click();
  await expect(admin.getByText(/Payment run PR-\d+ with 1 payment was created\./)).toBeVisible();
  await expect(admin).toHaveURL(/\/demo\/pr\/[0-9a-f-]{36}$/);
  await expect(admin.getByTestId('run-status')).toHaveText('Draft');
  const runLabel = /PR-\d+/.exec((await admin.getByRole('heading', { level: 1 }).textContent()) ?? '')?.[0] ?? 'PR-?';
  await expect(admin.getByTestId('run-transaction-row')).toHaveCount(1);
  await expect(admin.getByTestId('run-transaction-row')).toContainText(payment!.end_to_end_id);
  await expect(admin.getByTestId('payment-block')).toContainText('123,45');

  await approveRun(admin);
  await expect(admin.getByTestId('run-export')).toBeEnabled();
  const file = await exportRun(admin);
  const xml = file.toString('utf8');
  await expectValidPain001(xml);
  expect(xml).toContain('>123.45</InstdAmt>');
  expect(xml).toContain(`<EndToEndId>${payment!.end_to_end_id}</EndToEndId>`);

  // Downloading again gives the very same file.
  const again = admin.waitForEvent('download');
  await admin.getByTestId('run-download').click();
  expect((await downloadedText(await again)).equals(file)).toBe(true);

  // The list and the export screen show the run as exported.
  await admin.goto('/demo/pr');
  await expect(admin.getByTestId('payment-run-row').filter({ hasText: `Lauf ${invoiceNumber}` })).toContainText('Exported');
  // The export screen opens on its first tab (invoices, for an admin); payment runs have theirs.
  await admin.goto('/demo/export');
  await expect(admin).toHaveURL(/\/demo\/export\/invoices$/);
  await admin.getByRole('navigation', { name: 'What to export' }).getByRole('link', { name: 'Transactions' }).click();
  await expect(admin).toHaveURL(/\/demo\/export\/transactions$/);
  await expect(admin.getByTestId('export-exported').getByRole('link', { name: runLabel, exact: true })).toBeVisible();

  // Back on the invoice: the payment is exported, in its run, and opens from there.
  await admin.goto(`/demo/invoices/approved/${invoiceId}`);
  await expect(paymentPanel.getByTestId('invoice-payment-status')).toHaveText('Exported');
  await expect(paymentPanel.getByRole('link', { name: runLabel, exact: true })).toBeVisible();
  await paymentPanel.getByRole('link', { name: 'Open the payment' }).click();
  await expect(admin).toHaveURL(/\/demo\/transactions\?view=all&id=/);
  await expect(admin.getByTestId('transaction-detail')).toContainText(payment!.end_to_end_id);
});

test('a payment stopped by the fraud checks shows its reasons and blocks the export until marked OK', async ({ browser }) => {
  const admin = await signedInPageWithDownloads(browser, DEMO_ADMIN);
  const ids = await demoPaymentIds();
  await resetPaymentRunFlow(admin, ids.adminId);
  const tag = runId();
  // A German company paid to an Austrian IBAN: "IBAN country differs" is suspicious.
  const counterparty = await createCounterparty(admin.request, {
    name: `Grenzgänger ${tag} GmbH`,
    country: 'DE',
    bankAccounts: [{ name: 'Konto AT', iban: 'AT611904300234573201', bic: null }],
  });
  const created = await admin.request.post('/api/transactions', {
    data: {
      counterpartyId: counterparty.id,
      creditorName: `Grenzgänger ${tag} GmbH`,
      creditorIban: 'AT611904300234573201',
      amount: 987_65,
      currency: 'EUR',
      requestedExecutionDate: isoDate(3),
      remittanceInformation: `RE ${tag}`,
      debitorBankAccountId: ids.debitorAccountId,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const transaction = (await created.json()) as { id: string; endToEndId: string; analysis: { status: string } };
  expect(transaction.analysis.status).toBe('suspicious');

  const runResponse = await admin.request.post('/api/payment-runs', {
    data: { transactionIds: [transaction.id], name: `Prüfung ${tag}` },
  });
  expect(runResponse.status(), await runResponse.text()).toBe(201);
  const run = (await runResponse.json()) as { id: string; blockedCount: number };
  expect(run.blockedCount).toBe(1);

  await admin.goto(`/demo/pr/${run.id}`);
  await expect(admin.getByTestId('run-blocked-banner')).toContainText('1 payment is stopped by the fraud checks');
  await expect(admin.getByTestId('run-transaction-analysis')).toContainText('Suspicious');
  await approveRun(admin);

  // Approved, but the export stays disabled and says why.
  await expect(admin.getByTestId('run-export')).toBeDisabled();
  await expect(admin.getByTestId('run-export-blocked')).toContainText('1 payment is stopped by the fraud checks');

  // The payment's detail lists the reasons; marking it OK (with a note) lifts the block.
  await admin
    .getByTestId('run-transaction-row')
    .getByRole('link', { name: `Grenzgänger ${tag} GmbH` })
    .click();
  const analysis = admin.getByTestId('analysis-panel');
  await expect(analysis.getByTestId('flag-iban_country_differs')).toBeVisible();
  await analysis.getByRole('button', { name: 'Mark OK' }).click();
  const decision = admin.getByRole('dialog');
  await decision.getByLabel('Note (required)').fill('Niederlassung in Wien, telefonisch bestätigt');
  await decision.getByRole('button', { name: 'Mark as OK' }).click();
  await expect(admin.getByText('Payment marked OK.')).toBeVisible();

  await admin.goto(`/demo/pr/${run.id}`);
  await expect(admin.getByTestId('run-blocked-banner')).toHaveCount(0);
  await expect(admin.getByTestId('run-export')).toBeEnabled();
  const xml = (await exportRun(admin)).toString('utf8');
  await expectValidPain001(xml);
  expect(xml).toContain('>987.65</InstdAmt>');
  expect(xml).toContain(`<EndToEndId>${transaction.endToEndId}</EndToEndId>`);
});

test('payments leave a draft run; a rejected run shows the reason, is reset and deleted', async ({ browser }) => {
  const admin = await signedInPageWithDownloads(browser, DEMO_ADMIN);
  const ids = await demoPaymentIds();
  await resetPaymentRunFlow(admin, ids.adminId);
  const tag = runId();
  const payment = (amount: number, remittance: string) => openPayment(admin.request, ids, amount, remittance);
  const kept = await payment(111_00, `A ${tag}`);
  const removed = await payment(222_00, `B ${tag}`);
  const created = await admin.request.post('/api/payment-runs', { data: { transactionIds: [kept.id, removed.id] } });
  expect(created.status(), await created.text()).toBe(201);
  const run = (await created.json()) as { id: string };

  await admin.goto(`/demo/pr/${run.id}`);
  const rows = admin.getByTestId('run-transaction-row');
  await expect(rows).toHaveCount(2);
  await rows
    .filter({ hasText: `B ${tag}` })
    .getByRole('checkbox')
    .check();
  await admin.getByTestId('remove-from-run').click();
  await expect(admin.getByText('1 payment was removed from the run.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`A ${tag}`);
  await expect(admin.getByTestId('run-facts')).toContainText('111,00');

  await admin.getByRole('button', { name: 'Request approval' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Request approval' }).click();
  await expect(admin.getByTestId('run-status')).toHaveText('In approval');
  await admin.getByRole('button', { name: 'Reject', exact: true }).click();
  const rejectDialog = admin.getByTestId('run-reject-dialog');
  await rejectDialog.getByRole('button', { name: 'Reject run' }).click();
  await expect(rejectDialog.getByText('Please give a reason.')).toBeVisible();
  await rejectDialog.getByLabel('Reason').fill('Betrag mit Lieferant klären');
  await rejectDialog.getByRole('button', { name: 'Reject run' }).click();
  await expect(admin.getByText(/PR-\d+ was rejected\./)).toBeVisible();
  await expect(admin.getByTestId('run-status')).toHaveText('Rejected');
  await expect(admin.getByTestId('run-approval-item')).toContainText('Reason: Betrag mit Lieferant klären');

  await admin.getByRole('button', { name: 'Reset' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Reset run' }).click();
  await expect(admin.getByText(/PR-\d+ was reset to draft\./)).toBeVisible();
  await expect(admin.getByTestId('run-status')).toHaveText('Draft');

  await admin.getByRole('button', { name: 'Delete' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete run' }).click();
  await expect(admin.getByText(/PR-\d+ was deleted\./)).toBeVisible();
  await expect(admin).toHaveURL(/\/demo\/pr$/);

  // Both payments are open again, in no run.
  for (const id of [kept.id, removed.id]) {
    const answer = (await (await admin.request.get(`/api/transactions/${id}`)).json()) as {
      status: string;
      paymentRun: unknown;
    };
    expect(answer).toMatchObject({ status: 'open', paymentRun: null });
  }
});
