import { expect, test, type Page } from '@playwright/test';
import { ciiInvoice } from './factur-x-sample';
import { openInvoice } from './invoice-detail-support';
import { createSoleApproverInvoiceFlow, fillApprovableFields, getInvoiceVersion, runId, waitUntilRead } from './invoice-fixtures';
import { DEMO_ADMIN, DEMO_CLERK, signIn, withDatabase } from './support';

/**
 * Issue 50: the account on an e-invoice, the counterparty's stored accounts and the account that
 * will be paid are kept apart. The flows' own EN 16931 CII invoice (factur-x-sample.ts) is edited
 * here to name a factoring bank as payee, as suppliers who sell their receivables do.
 */
const FACTORING_IBAN = 'DE89 3704 0044 0532 0130 00';

/** Replaces exactly one occurrence, so that an edit can't silently miss. */
function edit(xml: string, from: string, to: string): string {
  const count = xml.split(from).length - 1;
  if (count !== 1) throw new Error(`${from} occurs ${count} times in the sample`);
  return xml.replace(from, to);
}

/**
 * In CII D16B's order the settlement holds …, PayeeTradeParty, …, SpecifiedTradeSettlementPaymentMeans:
 * the payee goes right before the payment means, whose account becomes the factoring bank's.
 */
function withFactoringPayee(xml: string): string {
  const withPayee = edit(
    xml,
    '<ram:SpecifiedTradeSettlementPaymentMeans>',
    '<ram:PayeeTradeParty><ram:Name>Factoring Bank AG</ram:Name></ram:PayeeTradeParty><ram:SpecifiedTradeSettlementPaymentMeans>',
  );
  return edit(withPayee, '<ram:IBANID>DE12500105170648489890</ram:IBANID>', '<ram:IBANID>DE89370400440532013000</ram:IBANID>');
}

/** Uploads through the overview's dialog, as a person does, then opens the invoice once it is read. */
async function uploadAndOpen(page: Page, name: string, xml: string): Promise<void> {
  await page.goto('/demo/invoices/new');
  await page.getByRole('button', { name: 'Upload invoices' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload invoices' });
  await dialog.getByLabel('Choose files').setInputFiles({ name, mimeType: 'application/xml', buffer: Buffer.from(xml) });
  await expect(dialog.getByTestId('upload-file').filter({ hasText: name })).toHaveAttribute('data-status', 'done');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('invoice-row').filter({ hasText: name });
  await expect(row).toHaveAttribute('data-ocr-status', 'done', { timeout: 60_000 });
  await row.click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
}

test.describe('the account to pay of a read e-invoice', () => {
  test('a different payee is named and nothing is paid until a person chooses its account', async ({ page }) => {
    await signIn(page, DEMO_ADMIN);
    const id = runId();
    const name = `factoring-${id}.xml`;
    await uploadAndOpen(page, name, withFactoringPayee(ciiInvoice(`FB-${id}`)));

    const panel = page.getByRole('region', { name: 'Account to pay' });
    await expect(panel).toHaveAttribute('data-testid', 'payment-account-panel');
    const state = panel.getByTestId('payment-account-state');
    await expect(state).toHaveAttribute('data-state', 'payee_differs');
    await expect(state).toHaveAttribute('data-needs-decision', 'true');
    await expect(state).toContainText('The document names a different payee: Factoring Bank AG.');
    await expect(panel.getByTestId('payment-account-document')).toContainText(FACTORING_IBAN);
    await expect(panel.getByTestId('payment-account-document')).toContainText("Payee's account");
    await expect(panel.getByTestId('payment-account-paid')).toHaveText('None yet');
    const ibanField = page.getByRole('textbox', { name: 'IBAN', exact: true });
    await expect(ibanField).toHaveValue('');

    const payPayee = panel.getByTestId('payment-account-choose-document');
    await expect(payPayee).toHaveAccessibleName(`Pay to this account ${FACTORING_IBAN}`);
    await payPayee.click();
    await expect(page.getByText(`The invoice will be paid to ${FACTORING_IBAN}.`)).toBeVisible();
    await expect(ibanField).toHaveValue(FACTORING_IBAN);
    await expect(panel.getByTestId('payment-account-paid')).toHaveText(FACTORING_IBAN);
    // The payee still differs from the seller, but the decision is made: no more warning, no button.
    await expect(state).toHaveAttribute('data-needs-decision', 'false');
    await expect(state).toContainText("The invoice is paid to the payee's account named on the document.");
    await expect(payPayee).toBeHidden();

    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByTestId('activity-list');
    await expect(history.getByTestId('activity-payment-account-choice')).toHaveText(
      'Account to pay chosen: from the document (payee)',
    );
    await expect(history).toContainText(`IBAN: empty → ${FACTORING_IBAN}`);
  });

  test('paying another account of an invoice in approval asks first, then resets its approvals', async ({ page }) => {
    await signIn(page, DEMO_ADMIN);
    const id = runId();
    const upload = await page.request.post('/api/invoices/upload', {
      multipart: {
        files: {
          name: `factoring-${id}.xml`,
          mimeType: 'application/xml',
          buffer: Buffer.from(withFactoringPayee(ciiInvoice(`FA-${id}`))),
        },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const invoiceId = ((await upload.json()) as { items: { id: string }[] }).items[0]!.id;
    await waitUntilRead(page.request, invoiceId);
    await fillApprovableFields(invoiceId);
    // Carl approves alone (the demo organisation's invoice flows make way, as in approval-support.ts).
    const clerkId = await withDatabase(async (client) => {
      await client.query(
        `delete from approval_flows where type = 'invoice' and organization_id = (select id from organizations where slug = 'demo')`,
      );
      return (await client.query<{ id: string }>('select id from users where email = $1', [DEMO_CLERK])).rows[0]!.id;
    });
    const flowId = await createSoleApproverInvoiceFlow(page.request, clerkId, `Carl allein ${id}`);
    const requested = await page.request.post(`/api/invoices/${invoiceId}/request-approval`, {
      data: { version: await getInvoiceVersion(page.request, invoiceId), flowId },
    });
    expect(requested.status(), await requested.text()).toBe(200);

    await openInvoice(page, invoiceId, 'all-approvals');
    await expect(page.getByTestId('invoice-status')).toHaveText('In approval');
    await page.getByTestId('payment-account-choose-document').click();
    const dialog = page.getByRole('dialog', { name: 'Reset the approvals?' });
    await expect(dialog).toContainText(`Paying ${FACTORING_IBAN} changes who is paid`);
    // Keeping the account changes nothing.
    await dialog.getByRole('button', { name: 'Keep the current account' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('payment-account-paid')).toHaveText('None yet');

    await page.getByTestId('payment-account-choose-document').click();
    await dialog.getByRole('button', { name: 'Pay to this account and reset approvals' }).click();
    await expect(page.getByText(`The invoice will be paid to ${FACTORING_IBAN}.`)).toBeVisible();
    await expect(page.getByTestId('payment-account-paid')).toHaveText(FACTORING_IBAN);
    await expect(page.getByTestId('invoice-status')).not.toHaveText('In approval');
  });

  test('an e-invoice that breaks EN 16931 rules is read all the same, each broken rule named', async ({ page }) => {
    await signIn(page, DEMO_ADMIN);
    const id = runId();
    const name = `rules-${id}.xml`;
    let xml = ciiInvoice(`BR-${id}`);
    xml = edit(
      xml,
      '<ram:NetPriceProductTradePrice><ram:ChargeAmount>200.00</ram:ChargeAmount></ram:NetPriceProductTradePrice>',
      '',
    );
    xml = edit(xml, '<ram:GrandTotalAmount>1190.00<', '<ram:GrandTotalAmount>1190.10<');
    await uploadAndOpen(page, name, xml);

    const warnings = page.getByTestId('reading-rule-warnings');
    await expect(warnings).toContainText('The e-invoice breaks EN 16931 rules; it was read all the same.');
    await expect(warnings.getByTestId('reading-rule-warning-line_net_price_missing')).toHaveText(
      'Line 2 has no net price (BR-26)',
    );
    await expect(warnings.getByTestId('reading-rule-warning-grand_total_mismatch')).toHaveText(
      'The total with VAT 1190.10 is not the total without VAT plus VAT (1190.00) (BR-CO-15)',
    );
    await expect(warnings.getByTestId('reading-rule-warning-amount_due_mismatch')).toBeVisible();
    await expect(page.getByLabel('Invoice number')).toHaveValue(`BR-${id}`);
  });
});
