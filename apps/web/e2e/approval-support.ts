import { expect, test, type Page } from '@playwright/test';
import { uploadInvoice } from './invoice-detail-support';
import { createSoleApproverInvoiceFlow, fillApprovableFields, getInvoiceVersion, runId } from './invoice-fixtures';
import { DEMO_CLERK, withDatabase } from './support';

/**
 * An uploaded invoice that waits for Carl Clerk alone: the demo organisation's invoice flows are
 * replaced by one where he approves alone, and the admin's `page` requests approval. Answers its id.
 */
export async function invoiceWaitingForClerk(page: Page, fileName: string): Promise<string> {
  const clerkId = await withDatabase(async (client) => {
    await client.query(
      `delete from approval_flows where type = 'invoice' and organization_id = (select id from organizations where slug = 'demo')`,
    );
    return (await client.query<{ id: string }>('select id from users where email = $1', [DEMO_CLERK])).rows[0]!.id;
  });
  const flowId = await createSoleApproverInvoiceFlow(page.request, clerkId, `Carl allein ${runId()}`);
  const invoiceId = await uploadInvoice(page, fileName);
  await fillApprovableFields(invoiceId);
  const requested = await page.request.post(`/api/invoices/${invoiceId}/request-approval`, {
    data: { version: await getInvoiceVersion(page.request, invoiceId), flowId },
  });
  expect(requested.status(), await requested.text()).toBe(200);
  return invoiceId;
}

/** Switches Demo GmbH's four-eyes principle (on, as for every new organisation). */
export async function setDemoFourEyes(isOn: boolean): Promise<void> {
  await withDatabase((client) => client.query(`update organizations set four_eyes_approval = $1 where slug = 'demo'`, [isOn]));
}

/**
 * For a spec about something else in which Anna Admin alone approves what she uploaded, requested
 * or created: Demo GmbH's four-eyes principle is off while it runs and on again after it
 * (four-eyes.spec.ts shows the principle itself).
 */
export function withoutFourEyesPrinciple(): void {
  test.beforeAll(() => setDemoFourEyes(false));
  test.afterAll(() => setDemoFourEyes(true));
}
