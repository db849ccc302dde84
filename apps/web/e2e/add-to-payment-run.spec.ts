import { expect, test } from '@playwright/test';
import { createSoleApproverInvoiceFlow, runId } from './invoice-fixtures';
import { approvedInvoice, demoPaymentIds, openPayment } from './payment-fixtures';
import { DEMO_ADMIN, DEMO_CLERK, signedInPage, withDatabase } from './support';

/**
 * Issue 59 item 5, one step to pay: a payable payment goes into a new or an open payment run
 * straight from its invoice or its own detail, besides the transactions list's selection.
 */

test.beforeAll(async () => {
  // Invoice flows of earlier specs (with conditions or other approvers) would catch the invoice here.
  await withDatabase((client) =>
    client.query(
      `delete from approval_flows where type = 'invoice' and organization_id = (select id from organizations where slug = 'demo')`,
    ),
  );
});

test('from the invoice detail: the approved invoice’s payment goes into a new run', async ({ browser }) => {
  const admin = await signedInPage(browser, DEMO_ADMIN);
  const clerk = await signedInPage(browser, DEMO_CLERK);
  const ids = await demoPaymentIds();
  await createSoleApproverInvoiceFlow(admin.request, ids.adminId, `Rechnungen ${runId()}`);
  const invoiceNumber = `ES-${runId()}`;
  const invoiceId = await approvedInvoice(clerk, admin, ids, invoiceNumber, 456_78);

  // Without payment_runs:manage the clerk is offered nothing that would be refused.
  await clerk.goto(`/demo/invoices/approved/${invoiceId}`);
  await expect(clerk.getByTestId('invoice-payment-status')).toHaveText('Open');
  await expect(clerk.getByTestId('add-to-run')).toHaveCount(0);

  await admin.goto(`/demo/invoices/approved/${invoiceId}`);
  const panel = admin.getByTestId('invoice-payment');
  await expect(panel).toContainText('Not in a payment run yet');
  await panel.getByRole('button', { name: 'Add to payment run' }).click();
  const dialog = admin.getByTestId('add-to-run-dialog');
  await expect(dialog).toContainText('456,78');
  await expect(dialog.getByRole('radio', { name: /New payment run/ })).toBeChecked();
  await dialog.getByLabel('Name (optional)').fill(`Monatsende ${invoiceNumber}`);
  await dialog.getByRole('button', { name: 'Add to run' }).click();

  const toast = admin.getByText(/Payment run PR-\d+ was created with this payment\./);
  await expect(toast).toBeVisible();
  const runLabel = /PR-\d+/.exec((await toast.textContent()) ?? '')?.[0] ?? 'PR-?';
  await expect(dialog).toHaveCount(0);
  // The invoice shows its payment planned in the new run, and offers no second run.
  await expect(panel.getByTestId('invoice-payment-status')).toHaveText('Planned');
  await expect(panel.getByRole('link', { name: runLabel, exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Add to payment run' })).toHaveCount(0);

  await admin.getByRole('button', { name: 'Open run' }).click();
  await expect(admin).toHaveURL(/\/demo\/pr\/[0-9a-f-]{36}$/);
  await expect(admin.getByRole('heading', { level: 1 })).toContainText(runLabel);
  await expect(admin.getByRole('heading', { level: 1 })).toContainText(`Monatsende ${invoiceNumber}`);
  await expect(admin.getByTestId('run-status')).toHaveText('Draft');
  const rows = admin.getByTestId('run-transaction-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('456,78');
});

test('from the transaction detail: a payment joins an open run; a run changed meanwhile is chosen again', async ({ browser }) => {
  const admin = await signedInPage(browser, DEMO_ADMIN);
  const ids = await demoPaymentIds();
  const tag = runId();
  const first = await openPayment(admin.request, ids, 100_00, `A ${tag}`);
  const created = await admin.request.post('/api/payment-runs', { data: { transactionIds: [first.id], name: `Lauf ${tag}` } });
  expect(created.status(), await created.text()).toBe(201);
  const run = (await created.json()) as { id: string; number: number; version: number };
  const payment = await openPayment(admin.request, ids, 23_45, `B ${tag}`);

  await admin.goto(`/demo/transactions?view=all&id=${payment.id}`);
  const detail = admin.getByTestId('transaction-detail');
  await expect(detail).toContainText(payment.endToEndId);
  await detail.getByRole('button', { name: 'Add to payment run' }).click();
  const dialog = admin.getByTestId('add-to-run-dialog');
  const choice = dialog.getByRole('radio', { name: new RegExp(`PR-${run.number} · Lauf ${tag}`) });
  await expect(dialog.getByTestId('open-run-choice').filter({ hasText: `Lauf ${tag}` })).toContainText(
    'Draft · 1 payment · 100,00',
  );
  await choice.check();

  // Someone adds a payment to the run meanwhile: the add is refused, says why, and the dialog stays.
  const other = await openPayment(admin.request, ids, 1_00, `C ${tag}`);
  const meanwhile = await admin.request.post(`/api/payment-runs/${run.id}/transactions`, {
    data: { version: run.version, transactionIds: [other.id] },
  });
  expect(meanwhile.status(), await meanwhile.text()).toBe(200);
  await dialog.getByRole('button', { name: 'Add to run' }).click();
  await expect(admin.getByText('The payment could not be added to a payment run.')).toBeVisible();
  await expect(admin.getByText('The run was changed in the meantime')).toBeVisible();
  await expect(dialog.getByTestId('open-run-choice').filter({ hasText: `Lauf ${tag}` })).toContainText('2 payments · 101,00');

  await expect(choice).toBeChecked();
  await dialog.getByRole('button', { name: 'Add to run' }).click();
  await expect(admin.getByText(`The payment was added to payment run PR-${run.number}.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(detail.getByTestId('transaction-status')).toHaveText('Planned');
  await expect(detail.getByRole('button', { name: 'Add to payment run' })).toHaveCount(0);

  await admin.getByRole('button', { name: 'Open run' }).click();
  await expect(admin).toHaveURL(new RegExp(`/demo/pr/${run.id}$`));
  const rows = admin.getByTestId('run-transaction-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: `B ${tag}` })).toContainText('23,45');
});
