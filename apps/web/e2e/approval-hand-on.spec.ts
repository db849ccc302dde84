import { expect, test, type Browser, type Page } from '@playwright/test';
import { chooseOption, openInvoice, uploadInvoice } from './invoice-detail-support';
import { createSoleApproverInvoiceFlow, getInvoiceVersion, runId } from './invoice-fixtures';
import { DEMO_ADMIN, DEMO_CLERK, signIn, withDatabase } from './support';

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

test('an approver away hands the approval on with a note; the new approver is mailed and approves', async ({ browser }) => {
  const admin = await signedInPage(browser, DEMO_ADMIN);
  const clerkId = await withDatabase(async (client) => {
    await client.query(
      `delete from approval_flows where type = 'invoice' and organization_id = (select id from organizations where slug = 'demo')`,
    );
    return (await client.query<{ id: string }>('select id from users where email = $1', [DEMO_CLERK])).rows[0]!.id;
  });
  const flowId = await createSoleApproverInvoiceFlow(admin.request, clerkId, `Carl allein ${runId()}`);
  const invoiceId = await uploadInvoice(admin, 'weitergabe.pdf');
  const requested = await admin.request.post(`/api/invoices/${invoiceId}/request-approval`, {
    data: { version: await getInvoiceVersion(admin.request, invoiceId), flowId },
  });
  expect(requested.status(), await requested.text()).toBe(200);

  // Carl is going on holiday: he hands his approval to Anna.
  const clerk = await signedInPage(browser, DEMO_CLERK);
  await openInvoice(clerk, invoiceId, 'my-approvals');
  await clerk.getByRole('button', { name: 'Hand on' }).click();
  const dialog = clerk.getByRole('dialog', { name: 'Hand on an approval' });
  await expect(dialog).toContainText("Carl Clerk's open approval in this step goes to another member");
  await chooseOption(clerk, 'Hand on to', 'Anna Admin');
  await dialog.getByLabel('Note (optional)').fill('Urlaub bis 5.12.');
  await dialog.getByRole('button', { name: 'Hand on' }).click();
  await expect(clerk.getByText('Approval handed on to Anna Admin.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const approvers = clerk.getByTestId('approval-item');
  await expect(approvers).toHaveCount(1);
  await expect(approvers.first()).toContainText('Anna Admin');
  await expect(clerk.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  await clerk.getByRole('tab', { name: 'History' }).click();
  const history = clerk.getByTestId('activity-list');
  await expect(history).toContainText('handed an approval on');
  await expect(history).toContainText('Carl Clerk');
  await expect(history).toContainText('Note: Urlaub bis 5.12.');

  // Anna is asked by e-mail and approves.
  const mails = await admin.request.get('/api/mailbox?to=admin@demo.kontor.test');
  const { items } = (await mails.json()) as { items: { text: string }[] };
  expect(items.some((mail) => mail.text.includes(`/demo/invoices/my-approvals/${invoiceId}`))).toBe(true);
  await openInvoice(admin, invoiceId, 'my-approvals');
  await admin.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(admin.getByText('Invoice approved.')).toBeVisible();
  await expect(admin.getByTestId('approval-status')).toHaveText('Approved');
});
