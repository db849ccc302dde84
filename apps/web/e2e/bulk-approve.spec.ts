import { expect, test, type Page } from '@playwright/test';
import { withoutFourEyesPrinciple } from './approval-support';
import {
  createSoleApproverInvoiceFlow,
  getInvoiceVersion,
  runId,
  setInvoiceFields,
  tinyPdf,
  uploadInvoiceByApi,
} from './invoice-fixtures';
import { DEMO_ADMIN, signIn, withDatabase } from './support';

// Anna Admin approves, alone, the invoices she uploads here.
withoutFourEyesPrinciple();

/** The demo organisation's only invoice flow: Anna Admin approves alone (through the API). */
async function adminApprovesAlone(page: Page): Promise<string> {
  const adminId = await withDatabase(async (client) => {
    await client.query(
      `delete from approval_flows where type = 'invoice' and organization_id = (select id from organizations where slug = 'demo')`,
    );
    return (await client.query<{ id: string }>('select id from users where email = $1', [DEMO_ADMIN])).rows[0]!.id;
  });
  return createSoleApproverInvoiceFlow(page.request, adminId, `Sammelfreigabe ${runId()}`);
}

/** An uploaded invoice with a number and an amount, in approval with the flow. */
async function invoiceInApproval(page: Page, flowId: string, invoiceNumber: string, totalAmount: number): Promise<string> {
  const id = await uploadInvoiceByApi(page.request, await tinyPdf(`${invoiceNumber}.pdf`));
  await setInvoiceFields(id, { invoiceNumber, counterpartyName: 'Sammel Lieferant GmbH', totalAmount });
  const response = await page.request.post(`/api/invoices/${id}/request-approval`, {
    data: { version: await getInvoiceVersion(page.request, id), flowId },
  });
  expect(response.status(), await response.text()).toBe(200);
  return id;
}

test('an approver approves a selection from "my approvals"; one changed meanwhile is refused and named', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const flowId = await adminApprovesAlone(page);
  const prefix = `SF-${runId()}`;
  const first = await invoiceInApproval(page, flowId, `${prefix}-1`, 100_000);
  await invoiceInApproval(page, flowId, `${prefix}-2`, 25_050);
  const changed = await invoiceInApproval(page, flowId, `${prefix}-3`, 9_900);

  await page.goto(`/demo/invoices/my-approvals?search=${prefix}`);
  const rows = page.getByTestId('invoice-row');
  await expect(rows).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Select all shown invoices' }).check();
  const selection = page.getByRole('region', { name: 'Selected invoices' });
  await expect(selection).toContainText('3 invoices selected');
  await expect(selection.getByTestId('selection-total')).toHaveText('· 1.349,50 €');

  // Someone edits the third invoice after the list was loaded.
  await withDatabase((client) => client.query('update invoices set version = version + 1 where id = $1', [changed]));

  await selection.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve 3 invoices?' });
  await expect(dialog).toContainText('Total: 1.349,50 €');
  await dialog.getByRole('button', { name: 'Approve 3 invoices' }).click();

  await expect(page.getByText('2 approved, 1 not approved:')).toBeVisible();
  await expect(page.getByText(`${prefix}-3: changed since the list was loaded: open it to check`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${prefix}-3`);
  await expect(selection).toBeHidden();

  await page.goto(`/demo/invoices/approved?search=${prefix}`);
  await expect(rows).toHaveCount(2);
  // Elsewhere a selection can be archived, not approved.
  await rows.first().getByRole('checkbox').check();
  await expect(selection.getByRole('button', { name: 'Archive' })).toBeVisible();
  await expect(selection.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  const approved = await page.request.get(`/api/invoices/${first}`);
  expect(((await approved.json()) as { status: string }).status).toBe('approved');
});
