import { expect, test } from '@playwright/test';
import { invoiceWaitingForClerk, withoutFourEyesPrinciple } from './approval-support';
import { chooseOption, openInvoice } from './invoice-detail-support';
import { DEMO_ADMIN, DEMO_CLERK, signedInPage } from './support';

// Anna Admin, to whom the approval is handed on, uploaded and requested the invoice herself.
withoutFourEyesPrinciple();

test('an approver away hands the approval on with a note; the new approver is mailed and approves', async ({ browser }) => {
  const admin = await signedInPage(browser, DEMO_ADMIN);
  const invoiceId = await invoiceWaitingForClerk(admin, 'weitergabe.pdf');

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
