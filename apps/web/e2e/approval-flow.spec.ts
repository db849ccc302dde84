import { expect, test, type Page } from '@playwright/test';
import { openInvoice, uploadInvoice } from './invoice-detail-support';
import { fillApprovableFields } from './invoice-fixtures';
import { DEMO_ADMIN, DEMO_CLERK, signedInPage, withDatabase } from './support';

/** The admin builds the organisation's default invoice flow: step 1 the clerk, step 2 the admin. */
async function buildTwoStepFlow(admin: Page, name: string): Promise<void> {
  await admin.goto('/demo/settings/approval-flows');
  await admin.getByRole('button', { name: 'New flow' }).click();
  await admin.getByLabel('Name').fill(name);
  await admin.getByRole('radio', { name: 'Invoice' }).check();
  await admin.getByLabel('Default flow').check();
  const stepOne = admin.getByRole('group', { name: 'Step 1' });
  await stepOne.getByRole('checkbox', { name: 'Carl Clerk' }).check();
  await admin.getByRole('button', { name: 'Add step' }).click();
  const stepTwo = admin.getByRole('group', { name: 'Step 2' });
  await stepTwo.getByRole('checkbox', { name: 'Anna Admin' }).check();
  // SPEC §5: the required count cannot exceed the step's approvers.
  await stepTwo.getByLabel('Required approvals').fill('2');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(stepTwo.getByText('The required approvals cannot exceed the 1 approvers of this step.')).toBeVisible();
  await stepTwo.getByLabel('Required approvals').fill('1');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Approval flow saved.')).toBeVisible();
  await expect(admin.getByTestId('approval-flow-row').filter({ hasText: name })).toContainText('2 steps');
}

/**
 * Requests approval through the dialog. The uploaded PDF shows only a name and a total: first the
 * dialog names the SPEC §5 base fields still missing and refuses, then they are filled.
 */
async function requestApproval(page: Page, invoiceId: string, flowName: string, showsMissingFirst = false): Promise<void> {
  if (showsMissingFirst) {
    await openInvoice(page, invoiceId);
    await page.getByRole('button', { name: 'Request approval' }).click();
    const missing = page.getByRole('dialog').getByTestId('request-missing-fields');
    await expect(missing).toContainText('Required before approval can be requested:');
    await expect(missing).toContainText('Due date');
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Request approval' })).toBeDisabled();
    await page.keyboard.press('Escape');
  }
  await fillApprovableFields(invoiceId);
  await openInvoice(page, invoiceId);
  await page.getByRole('button', { name: 'Request approval' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('matching-flow')).toContainText(flowName);
  await dialog.getByRole('button', { name: 'Request approval' }).click();
  await expect(page.getByText('Approval requested.')).toBeVisible();
  await expect(page.getByTestId('approval-step-of')).toContainText('Step 1 of 2');
}

test.beforeAll(async () => {
  // Flows of earlier runs would compete with the one this test builds.
  await withDatabase((client) =>
    client.query(`delete from approval_flows where organization_id = (select id from organizations where slug = 'demo')`),
  );
});

test('a two-step flow: the clerk approves step 1, the admin step 2, and the invoice is approved', async ({ browser }) => {
  const flowName = `Zwei Stufen ${Date.now()}`;
  const admin = await signedInPage(browser, DEMO_ADMIN);
  await buildTwoStepFlow(admin, flowName);

  const clerk = await signedInPage(browser, DEMO_CLERK);
  const invoiceId = await uploadInvoice(clerk, 'freigabe-zwei-stufen.pdf');
  await requestApproval(clerk, invoiceId, flowName, true);

  // Step 1 is the clerk's: it waits under "my approvals".
  await clerk.goto('/demo/invoices/my-approvals');
  await expect(clerk.getByRole('row').filter({ hasText: 'freigabe-zwei-stufen.pdf' })).toContainText('Step 1 of 2');
  await openInvoice(clerk, invoiceId, 'my-approvals');
  await clerk.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(clerk.getByText('Step 1 approved. The invoice now waits for step 2.')).toBeVisible();
  await expect(clerk.getByTestId('approval-step-of')).toContainText('Step 2 of 2');

  // Step 2 opened: the admin got an e-mail with a link into the app.
  const mails = await admin.request.get('/api/mailbox?to=admin@demo.kontor.test');
  const { items } = (await mails.json()) as { items: { subject: string; text: string; html: string | null }[] };
  const mail = items.find((item) => item.text.includes(invoiceId));
  expect(mail, 'an approval e-mail for the invoice').toBeDefined();
  expect(mail!.text).toContain(`/demo/invoices/my-approvals/${invoiceId}`);
  await admin.goto('/mailbox');
  await expect(admin.getByText(mail!.subject).first()).toBeVisible();

  await admin.goto('/demo/invoices/all-approvals');
  await expect(admin.getByRole('row').filter({ hasText: 'freigabe-zwei-stufen.pdf' })).toContainText('Step 2 of 2');
  await openInvoice(admin, invoiceId, 'my-approvals');
  await admin.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(admin.getByText('Invoice approved.')).toBeVisible();

  await admin.goto('/demo/invoices/approved');
  await expect(admin.getByRole('row').filter({ hasText: 'freigabe-zwei-stufen.pdf' })).toBeVisible();
});

test('a rejection with a reason lands in rejected, and a reset returns the invoice to new', async ({ browser }) => {
  const flowName = `Ablehnung ${Date.now()}`;
  const admin = await signedInPage(browser, DEMO_ADMIN);
  await buildTwoStepFlow(admin, flowName);

  const clerk = await signedInPage(browser, DEMO_CLERK);
  const invoiceId = await uploadInvoice(clerk, 'freigabe-ablehnung.pdf');
  await requestApproval(clerk, invoiceId, flowName);

  await clerk.getByRole('button', { name: 'Reject', exact: true }).click();
  const dialog = clerk.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reject invoice' }).click();
  await expect(dialog.getByText('Please give a reason.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Leistung nicht erbracht');
  await dialog.getByRole('button', { name: 'Reject invoice' }).click();
  await expect(clerk.getByText('Invoice rejected.')).toBeVisible();
  await expect(clerk.getByText('Reason: Leistung nicht erbracht')).toBeVisible();

  await clerk.goto('/demo/invoices/rejected');
  await expect(clerk.getByRole('row').filter({ hasText: 'freigabe-ablehnung.pdf' })).toBeVisible();

  await openInvoice(clerk, invoiceId, 'rejected');
  await clerk.getByRole('button', { name: 'Reset approvals' }).click();
  await clerk.getByRole('dialog').getByRole('button', { name: 'Reset approvals' }).click();
  await expect(clerk.getByText('Approvals reset; the invoice is new again.')).toBeVisible();
  await clerk.goto('/demo/invoices/new');
  await expect(clerk.getByRole('row').filter({ hasText: 'freigabe-ablehnung.pdf' })).toBeVisible();
});

test('an approver goes on from one waiting invoice to the next without the list', async ({ browser }) => {
  const flowName = `Weiter ${Date.now()}`;
  const admin = await signedInPage(browser, DEMO_ADMIN);
  await buildTwoStepFlow(admin, flowName);

  const clerk = await signedInPage(browser, DEMO_CLERK);
  const first = await uploadInvoice(clerk, 'freigabe-erste.pdf');
  const second = await uploadInvoice(clerk, 'freigabe-zweite.pdf');
  await requestApproval(clerk, first, flowName);
  await requestApproval(clerk, second, flowName);
  // Due before anything else, the second leads "my approvals" (sorted by due date).
  await withDatabase((client) => client.query(`update invoices set due_date = '2000-01-01' where id = $1`, [second]));

  await openInvoice(clerk, first, 'my-approvals');
  const next = clerk.getByTestId('next-to-approve');
  await expect(next).toHaveAttribute('href', `/demo/invoices/my-approvals/${second}`);
  await clerk.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(clerk.getByText('Step 1 approved. The invoice now waits for step 2.')).toBeVisible();
  await next.click();
  await expect(clerk).toHaveURL(new RegExp(`/demo/invoices/my-approvals/${second}$`));
  await expect(clerk.getByTestId('approval-step-of')).toContainText('Step 1 of 2');
  await expect(clerk.getByRole('button', { name: 'Approve', exact: true })).toBeEnabled();
  // Opened from another tab, the invoice shows no way on: the queue is "my approvals"' own.
  await openInvoice(clerk, second, 'all-approvals');
  await expect(clerk.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
  await expect(next).toHaveCount(0);
});
