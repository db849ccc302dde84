import { expect, test, type Page } from '@playwright/test';
import { addDaysIso, todayIso } from '@kontor/domain/dates';
import { createCounterparty } from './counterparty-fixtures';
import { runId } from './invoice-fixtures';
import { DEMO_ADMIN, DEMO_CLERK, signIn, withDatabase } from './support';

/**
 * Issue 66 item 5: a member switches on "Paid receivables" among their e-mail notifications (user
 * menu), asks for a sample of the morning digest, and finds it in the local mailbox with a link to
 * the receivable paid yesterday. A member whose permissions fit no notification is told so.
 */

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

test('a member whose permissions fit no notification is sent to the administrator', async ({ page }) => {
  await signIn(page, DEMO_CLERK);
  const dialog = await openNotifications(page);
  await expect(dialog.getByText('No e-mail notifications for your permissions')).toBeVisible();
  await expect(dialog.getByText(/Please contact your administrator\.$/)).toBeVisible();
  await expect(dialog.getByRole('switch')).toHaveCount(0);
});
