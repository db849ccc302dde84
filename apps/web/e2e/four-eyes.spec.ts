import { expect, test, type Page } from '@playwright/test';
import { setDemoFourEyes } from './approval-support';
import { openInvoice, uploadInvoice } from './invoice-detail-support';
import { fillApprovableFields, getInvoiceVersion, runId } from './invoice-fixtures';
import { DEMO_ADMIN, DEMO_CLERK, signedInPage, withDatabase } from './support';

/**
 * Issue 59 item 4: the four-eyes principle. The flow editor explains it; the admin who uploaded
 * and requested an invoice is told why she cannot give its final approval, and Carl Clerk gives
 * it; switching the principle off in the settings asks first.
 */

test.beforeAll(async () => {
  // Flows of earlier specs would compete with the one built here; the principle starts on, as for a new organisation.
  await withDatabase((client) =>
    client.query(`delete from approval_flows where organization_id = (select id from organizations where slug = 'demo')`),
  );
  await setDemoFourEyes(true);
});
test.afterAll(() => setDemoFourEyes(true));

/** The admin builds the default invoice flow in the editor: one step, Anna Admin or Carl Clerk. */
async function buildFlow(admin: Page, name: string): Promise<void> {
  await admin.goto('/demo/settings/approval-flows');
  await admin.getByRole('button', { name: 'New flow' }).click();
  await expect(admin.getByTestId('flow-four-eyes-note')).toContainText('The four-eyes principle is on');
  await admin.getByLabel('Name').fill(name);
  await admin.getByRole('radio', { name: 'Invoice' }).check();
  await admin.getByLabel('Default flow').check();
  const step = admin.getByRole('group', { name: 'Step 1' });
  await step.getByRole('checkbox', { name: 'Anna Admin' }).check();
  // Anna alone in the last step: she could never give the final approval of her own uploads.
  await expect(step.getByTestId('step-four-eyes-note')).toContainText(
    'Anna Admin is the only approver of the last step, so Anna Admin cannot give the final approval of invoices they uploaded',
  );
  await step.getByRole('checkbox', { name: 'Carl Clerk' }).check();
  await expect(step.getByTestId('step-four-eyes-note')).toHaveCount(0);
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Approval flow saved.')).toBeVisible();
}

test('the uploader is told why she cannot give the final approval; a colleague gives it', async ({ browser }) => {
  const admin = await signedInPage(browser, DEMO_ADMIN);
  await buildFlow(admin, `Vier Augen ${runId()}`);

  const invoiceId = await uploadInvoice(admin, 'vier-augen.pdf');
  await fillApprovableFields(invoiceId);
  const requested = await admin.request.post(`/api/invoices/${invoiceId}/request-approval`, {
    data: { version: await getInvoiceVersion(admin.request, invoiceId) },
  });
  expect(requested.status(), await requested.text()).toBe(200);

  // Anna uploaded and requested it: she waits as an approver, but Approve says why not before she clicks.
  await openInvoice(admin, invoiceId, 'my-approvals');
  await expect(admin.getByTestId('four-eyes-note')).toHaveText(
    'Four-eyes principle: you uploaded this invoice, so another person must give its final approval. You can still reject it or hand your approval on.',
  );
  await expect(admin.getByRole('button', { name: 'Approve', exact: true })).toBeDisabled();
  await expect(admin.getByRole('button', { name: 'Reject', exact: true })).toBeEnabled();
  // The server says the same to whoever asks it directly.
  const refused = await admin.request.post(`/api/invoices/${invoiceId}/approve`, {
    data: { version: await getInvoiceVersion(admin.request, invoiceId) },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('approval_four_eyes_uploaded');

  const clerk = await signedInPage(browser, DEMO_CLERK);
  await openInvoice(clerk, invoiceId, 'my-approvals');
  await expect(clerk.getByTestId('four-eyes-note')).toHaveCount(0);
  await clerk.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(clerk.getByText('Invoice approved.')).toBeVisible();
  await expect(clerk.getByTestId('approval-status')).toHaveText('Approved');
});

test('an admin switches the principle off only after confirming, and on again', async ({ browser }) => {
  const admin = await signedInPage(browser, DEMO_ADMIN);
  await admin.goto('/demo/settings/general');
  const section = admin.locator('form').filter({ has: admin.getByText('Four-eyes principle', { exact: true }) });
  const enabled = section.getByRole('switch', { name: 'Require a second person for the final approval' });
  const save = section.getByRole('button', { name: 'Save' });
  await expect(enabled).toBeChecked();

  await enabled.click();
  await save.click();
  const dialog = admin.getByRole('dialog', { name: 'Switch the four-eyes principle off?' });
  await expect(dialog).toContainText('The change is recorded in the activity log.');
  await dialog.getByRole('button', { name: 'Keep it on' }).click();
  await expect(dialog).toBeHidden();
  const isOn = async () =>
    withDatabase(
      async (client) =>
        (await client.query<{ on: boolean }>(`select four_eyes_approval as on from organizations where slug = 'demo'`)).rows[0]!
          .on,
    );
  expect(await isOn()).toBe(true);

  await save.click();
  await dialog.getByRole('button', { name: 'Switch off' }).click();
  await expect(admin.getByText('Settings saved.')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await isOn()).toBe(false);

  // On again: no question asked.
  await enabled.click();
  await save.click();
  await expect(save).toBeDisabled();
  expect(await isOn()).toBe(true);
});
