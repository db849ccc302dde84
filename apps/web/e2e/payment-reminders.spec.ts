import { expect, test, type Page } from '@playwright/test';
import { addDaysIso, todayIso } from '@kontor/domain/dates';
import { createCounterparty } from './counterparty-fixtures';
import { runId } from './invoice-fixtures';
import { DEMO_ADMIN, signIn } from './support';

/**
 * Issue 66, payment reminders: the admin keeps a reminder template under Settings › Payment
 * reminders, sends a reminder of an overdue invoice by hand with it, the customer's mail program
 * loads the open pixel (the local mailbox shows the HTML), and the invoice shows the reminder opened.
 */

/** A unique interval per run: the demo organisation is shared, and each interval takes one template. */
const interval = 300 + (Date.now() % 60);
const intervalLabel = (days: number) => `${days} days after the due date`;

async function openReminderSettings(page: Page) {
  await page.goto('/demo/settings/payment-reminders');
  await expect(page.getByRole('heading', { level: 2, name: 'Payment reminders' })).toBeVisible();
  // The list, or the empty state with its suggestions: either way it has loaded.
  await expect(
    page.getByRole('table', { name: 'Reminder templates' }).or(page.getByText('No reminder templates yet')),
  ).toBeVisible();
}

/** Creates the run's template (manual only) in the settings dialog unless a template with its interval exists. */
async function ensureTemplate(page: Page, days: number, subject: string) {
  const row = page.getByTestId('reminder-template-row').filter({ hasText: intervalLabel(days) });
  if ((await row.count()) > 0) return;
  await page.getByRole('button', { name: 'New template' }).click();
  const dialog = page.getByTestId('reminder-template-dialog');
  await dialog.getByLabel('Days after the due date').fill(String(days));
  await dialog.getByLabel('Type', { exact: true }).click();
  await page.getByRole('option', { name: 'Manual only' }).click();
  await dialog.getByLabel('Subject').fill(subject);
  // A placeholder chip goes where the cursor is.
  await dialog.getByLabel('Text above the invoice details').fill('Guten Tag, offen sind noch ');
  await dialog.getByRole('button', { name: '{{openAmount}}' }).click();
  await expect(dialog.getByLabel('Text above the invoice details')).toHaveValue('Guten Tag, offen sind noch {{openAmount}}');
  await dialog.getByLabel('Text below the invoice details').fill('Mit freundlichen Grüßen\n{{company}}');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Template saved.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('reminder-type')).toHaveText('Manual only');
  await expect(row).toContainText(subject);
}

test('keep a reminder template, send a reminder of an overdue invoice, see it delivered and opened', async ({ page }) => {
  test.setTimeout(150_000);
  const run = runId();
  const subject = `Letzte Mahnung ${run}: Rechnung {{invoiceNumber}}`;
  await signIn(page, DEMO_ADMIN);

  await openReminderSettings(page);
  await ensureTemplate(page, interval, subject);

  // An overdue invoice of a customer with an e-mail address, written and issued through the API.
  const customerMail = `ap-${run}@kunde.example`;
  const customer = await createCounterparty(page.request, {
    name: `Mahnkunde ${run} GmbH`,
    email: customerMail,
    paymentTermsDays: 14,
  });
  const today = todayIso();
  const created = await page.request.post('/api/ar-invoices', {
    data: {
      type: 'invoice',
      counterpartyId: customer.id,
      invoiceDate: addDaysIso(today, -40),
      dueDate: addDaysIso(today, -26),
      servicePeriodStart: null,
      servicePeriodEnd: null,
      currency: 'EUR',
      lineItems: [{ description: 'Beratung', quantity: 2, unit: 'h', unitPrice: 12000, taxRate: 1900 }],
      notes: null,
      paymentTermDays: 14,
      skontoRate: null,
      skontoDays: null,
      correctedInvoiceId: null,
      issue: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invoice = (await created.json()) as { id: string; invoiceNumber: string };
  const invoiceUrl = `/demo/accounts-receivable/${invoice.id}`;

  await page.goto(invoiceUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${invoice.invoiceNumber}`);
  const panel = page.getByRole('region', { name: 'Payment reminders' });
  await expect(panel.getByText('No payment reminder yet.')).toBeVisible();

  // Send reminder: the run's template, its preview goes to the customer's address.
  await panel.getByRole('button', { name: 'Send reminder' }).click();
  const dialog = page.getByTestId('send-reminder-dialog');
  await dialog.getByLabel('Template').click();
  await page.getByRole('option', { name: `Reminder after ${interval} days (manual only)` }).click();
  const mailSubject = `Letzte Mahnung ${run}: Rechnung ${invoice.invoiceNumber}`;
  await expect(dialog.getByTestId('reminder-preview-subject')).toHaveText(mailSubject);
  await expect(dialog.getByTestId('reminder-preview-to')).toHaveText(customerMail);
  await expect(dialog.getByTestId('reminder-preview-text')).toContainText('Guten Tag, offen sind noch 285,60');
  await expect(dialog.getByTestId('reminder-cannot-send')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Send reminder' }).click();
  await expect(page.getByText(`Reminder sent to ${customerMail}.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // In the panel: the template, by whom, to whom, and sent (or already delivered to the local mailbox).
  const reminder = panel.getByTestId('receivable-reminder').first();
  await expect(reminder).toContainText(`Reminder after ${interval} days`);
  await expect(reminder).toContainText('Sent by');
  await expect(reminder).toContainText(`To: ${customerMail}`);
  await expect(reminder.getByTestId('reminder-status')).toHaveText(/^(Sent|Delivered) /);
  await expect(page.getByTestId('receivable-activity')).toContainText('sent a payment reminder');

  // The customer reads it: the local mailbox shows its HTML in a sandboxed frame, which loads the
  // open pixel (Playwright does not report a sandboxed frame's requests: the invoice tells).
  const status = page.getByRole('region', { name: 'Payment reminders' }).getByTestId('reminder-status').first();
  await expect(async () => {
    await page.goto(`/mailbox?to=${encodeURIComponent(customerMail)}`);
    await page.getByRole('link', { name: mailSubject }).click();
    await expect(page.locator('pre')).toContainText('Guten Tag, offen sind noch 285,60', { timeout: 2_000 });
    await expect(page.frameLocator('iframe[title="HTML body"]').locator('img')).toHaveCount(1, { timeout: 2_000 });
    await page.goto(invoiceUrl);
    await expect(status).toHaveText(/^Opened \d/, { timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
});

test('the settings refuse an interval that is taken or out of range, in words', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await openReminderSettings(page);
  await ensureTemplate(page, interval, 'Zahlungserinnerung {{invoiceNumber}}');

  await page.getByRole('button', { name: 'New template' }).click();
  const dialog = page.getByTestId('reminder-template-dialog');
  const days = dialog.getByLabel('Days after the due date');
  await days.fill(String(interval));
  await dialog.getByLabel('Subject').fill('Noch einmal {{invoiceNumber}}');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(`A template with this interval (${interval} days) already exists.`)).toBeVisible();
  await expect(days).toHaveAttribute('aria-invalid', 'true');

  await days.fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The interval must be a whole number from 1 to 366 days.')).toBeVisible();

  await days.fill('30');
  await dialog.getByLabel('Subject').fill('Rechnung {{rechnungsnummer}}');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/^Unknown placeholder\./)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Business days: the time zone and holiday region are saved with the organisation (and put back).
  const card = page.getByRole('region', { name: 'Business days' });
  await expect(card.getByLabel('Time zone')).toHaveText('Berlin (Europe/Berlin)');
  const region = card.getByLabel('Public holidays');
  const saved = (await region.textContent()) ?? '';
  await region.click();
  await page.getByRole('option', { name: 'Bavaria' }).click();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Business days' }).getByLabel('Public holidays')).toHaveText('Bavaria');
  await page.getByRole('region', { name: 'Business days' }).getByLabel('Public holidays').click();
  await page.getByRole('option', { name: saved }).click();
  await page.getByRole('region', { name: 'Business days' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.').first()).toBeVisible();
});
