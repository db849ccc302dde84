import { expect, test, type Page } from '@playwright/test';
import { addDaysIso, todayIso } from '@kontor/domain/dates';
import { createCounterparty } from './counterparty-fixtures';
import { runId } from './invoice-fixtures';
import { invoiceWaitingForClerk } from './approval-support';
import { DEMO_ADMIN, DEMO_CLERK, signedInPage, signIn, withDatabase } from './support';

/**
 * Issue 66 item 5: a member switches on "Paid receivables" among their e-mail notifications (user
 * menu), asks for a sample of the morning digest, and finds it in the local mailbox with a link to
 * the receivable paid yesterday. A member whose permissions fit no notification is told so.
 */

/** A demo member's e-mail notifications in Demo GmbH, set directly (earlier runs on the database may have chosen others). */
function setDemoOptions(email: string, options: string[]) {
  return withDatabase((client) =>
    client.query(
      `update memberships set notification_options = $2
        where user_id = (select id from users where email = $1)
          and organization_id = (select id from organizations where slug = 'demo')`,
      [email, options],
    ),
  );
}

async function openNotifications(page: Page) {
  await page.goto('/demo/invoices');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'E-mail notifications' }).click();
  const dialog = page.getByRole('dialog', { name: 'E-mail notifications' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('switch on paid receivables, get a sample digest with yesterday’s payment in the mailbox', async ({ page }) => {
  test.setTimeout(120_000);
  const run = runId();
  await signIn(page, DEMO_ADMIN);

  // A receivable paid yesterday (noon in Berlin), the largest ever: the digest lists the largest first.
  const customer = await createCounterparty(page.request, { name: `Zahler ${run} AG`, email: `ar-${run}@zahler.example` });
  const today = todayIso();
  const created = await page.request.post('/api/ar-invoices', {
    data: {
      type: 'invoice',
      counterpartyId: customer.id,
      invoiceDate: addDaysIso(today, -20),
      dueDate: addDaysIso(today, -6),
      servicePeriodStart: null,
      servicePeriodEnd: null,
      currency: 'EUR',
      // Cents that grow with time: this run's invoice outranks those of earlier runs on the same database.
      lineItems: [
        { description: 'Jahreslizenz', quantity: 1, unit: null, unitPrice: Math.floor(Date.now() / 1000), taxRate: 1900 },
      ],
      notes: null,
      paymentTermDays: 14,
      skontoRate: null,
      skontoDays: null,
      correctedInvoiceId: null,
      issue: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invoice = (await created.json()) as { id: string; invoiceNumber: string; totalAmount: number; version: number };
  const paid = await page.request.post(`/api/ar-invoices/${invoice.id}/payments`, {
    data: { paidOn: addDaysIso(today, -1), amount: invoice.totalAmount, version: invoice.version },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await withDatabase((client) =>
    client.query(
      `update ar_invoices set paid_at = (((now() at time zone 'Europe/Berlin')::date - 1) + time '12:00') at time zone 'Europe/Berlin'
        where id = $1`,
      [invoice.id],
    ),
  );

  // Only this option, whatever earlier runs on this database chose: the mail is named by it.
  await setDemoOptions(DEMO_ADMIN, ['paid_receivables']);
  const dialog = await openNotifications(page);
  const paidReceivables = dialog.getByRole('switch', { name: 'Paid receivables' });
  // The demo organisation is shared between runs: start from off.
  if ((await paidReceivables.getAttribute('aria-checked')) === 'true') {
    await paidReceivables.click();
    await expect(page.getByText('“Paid receivables” switched off.')).toBeVisible();
  }
  await expect(dialog.getByRole('button', { name: 'Send me a sample now' })).toBeDisabled();
  await paidReceivables.click();
  await expect(page.getByText('“Paid receivables” switched on.')).toBeVisible();
  await expect(paidReceivables).toBeChecked();

  await dialog.getByRole('button', { name: 'Send me a sample now' }).click();
  await expect(page.getByText(`A sample was sent to ${DEMO_ADMIN}.`)).toBeVisible();

  // The choice is kept.
  await page.reload();
  await expect((await openNotifications(page)).getByRole('switch', { name: 'Paid receivables' })).toBeChecked();

  // The mailbox: the newest digest to the admin lists the invoice first and links to it.
  await expect(async () => {
    await page.goto(`/mailbox?to=${encodeURIComponent(DEMO_ADMIN)}`);
    await page
      .getByRole('link', { name: /^\d+ (receivables?|Ausgangsrechnungen?) .* – Demo GmbH$/ })
      .first()
      .click();
    await expect(page.locator('pre')).toContainText(invoice.invoiceNumber, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const body = page.locator('pre');
  await expect(body).toContainText(`Zahler ${run} AG, ${invoice.invoiceNumber}`);
  await expect(body).toContainText('/demo/accounts-receivable?tab=paid');
  const link = page.frameLocator('iframe[title="HTML body"]').getByRole('link', { name: new RegExp(invoice.invoiceNumber) });
  await expect(link).toHaveAttribute('href', new RegExp(`/demo/accounts-receivable/${invoice.id}$`));
});

test('an approver switches on “invoices needing approval” and the digest links to the invoice waiting for them', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_ADMIN);
  const invoiceId = await invoiceWaitingForClerk(page, `digest-${runId()}.pdf`);
  await setDemoOptions(DEMO_CLERK, []);

  const clerk = await signedInPage(browser, DEMO_CLERK);
  const dialog = await openNotifications(clerk);
  // What Carl may choose with his permission (accounts payable), and not the receivables.
  await expect(dialog.getByRole('switch', { name: 'Paid receivables' })).toHaveCount(0);
  await dialog.getByRole('switch', { name: 'Invoices needing approval' }).click();
  await expect(clerk.getByText('“Invoices needing approval” switched on.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send me a sample now' }).click();
  await expect(clerk.getByText(`A sample was sent to ${DEMO_CLERK}.`)).toBeVisible();

  await expect(async () => {
    await clerk.goto(`/mailbox?to=${encodeURIComponent(DEMO_CLERK)}`);
    await clerk
      .getByRole('link', { name: /(waiting for your approval|warten auf Ihre Freigabe|wartet auf Ihre Freigabe) – Demo GmbH$/ })
      .first()
      .click();
    await expect(clerk.locator('pre')).toContainText('/demo/invoices/my-approvals', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const link = clerk.frameLocator('iframe[title="HTML body"]').locator(`a[href$="/demo/invoices/my-approvals/${invoiceId}"]`);
  await expect(link).toHaveCount(1);
  // The mail's unsubscribe link works without signing in; opening it only asks.
  await expect(clerk.locator('pre')).toContainText('/m/u/');
  await clerk.context().close();
});
