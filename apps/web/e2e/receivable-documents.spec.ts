import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createCounterparty } from './counterparty-fixtures';
import { runId } from './invoice-fixtures';
import { DEMO_ADMIN, signIn } from './support';

/**
 * Issue 65, outgoing invoice documents: the admin completes the company details an invoice needs,
 * writes and issues an invoice, downloads its PDF (a ZUGFeRD e-invoice), sends it to the customer,
 * and the mail with the PDF attached is in the local mailbox.
 */
test('complete the company details, issue an invoice, download its PDF, send it: the mail carries the PDF', async ({ page }) => {
  test.setTimeout(120_000);
  const run = runId();
  await signIn(page, DEMO_ADMIN);

  // Settings › General › Company details: what every invoice PDF and XRechnung needs.
  await page.goto('/demo/settings/general');
  const details = page.getByRole('region', { name: 'Company details' });
  await details.getByLabel('Street and number').fill(`Leopoldstraße ${run.slice(-3)}`);
  await details.getByLabel('Postcode').fill('80802');
  await details.getByLabel('City').fill('München');
  await details.getByLabel('Country').click();
  await page.getByRole('option', { name: 'Germany' }).click();
  await details.getByLabel('VAT ID').fill('DE123456788');
  await details.getByLabel('E-mail for invoices').fill('rechnung@demo.example');
  await details.getByLabel('Phone').fill('no digits');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByText('Please enter a phone number with at least three digits')).toBeVisible();
  await details.getByLabel('Phone').fill('+49 89 1234567');
  await details.getByLabel('Contact person').fill('Anna Admin');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(details.getByTestId('company-details-missing')).toHaveCount(0);

  const customer = `Kunde ${run} GmbH`;
  const customerMail = `ap-${run}@kunde.example`;
  await createCounterparty(page.request, {
    name: customer,
    email: customerMail,
    street: 'Hafenstraße 3',
    zip: '20457',
    city: 'Hamburg',
    country: 'DE',
    paymentTermsDays: 14,
  });

  await page.goto('/demo/accounts-receivable/new');
  await page.getByRole('combobox', { name: 'Customer' }).fill(customer);
  await page.getByRole('option', { name: customer }).click();
  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Description').fill('Einrichtung Kontor');
  await line.getByLabel('Quantity').fill('3');
  await line.getByLabel('Unit', { exact: true }).fill('Std');
  await line.getByLabel('Unit price').fill('150');
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Invoice RE-\d+$/);
  const number = (await heading.textContent())!.replace('Invoice ', '');

  // The PDF, named in the customer's language, with the e-invoice XML inside.
  await page.getByTestId('receivable-documents').click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'PDF (ZUGFeRD e-invoice)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Rechnung-${number}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.includes(Buffer.from('factur-x.xml'))).toBe(true);

  // Send it: the dialog starts with the customer's address and a German text.
  await page.getByRole('button', { name: 'Send by e-mail' }).click();
  const dialog = page.getByTestId('send-receivable-dialog');
  await expect(dialog.getByLabel('To')).toHaveValue(customerMail);
  await expect(dialog.getByLabel('Subject')).toHaveValue(`Rechnung ${number} von Demo GmbH`);
  await expect(dialog.getByText(`Attachment: Rechnung-${number}.pdf`)).toBeVisible();
  await dialog.getByLabel('To').fill('kein-mail');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Please enter a valid e-mail address.')).toBeVisible();
  await dialog.getByLabel('To').fill(customerMail);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`Invoice sent to ${customerMail}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('receivable-activity')).toContainText('sent the invoice by e-mail');

  // The local mailbox: the mail to the customer with the PDF attached, byte for byte the download.
  await expect(async () => {
    await page.goto(`/mailbox?to=${encodeURIComponent(customerMail)}`);
    await page.getByRole('link', { name: `Rechnung ${number} von Demo GmbH` }).click();
    await expect(page.getByRole('link', { name: `Rechnung-${number}.pdf` })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const attachment = await page.request.get(
    (await page.getByRole('link', { name: `Rechnung-${number}.pdf` }).getAttribute('href'))!,
  );
  expect(attachment.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.compare(await attachment.body(), pdf)).toBe(0);
});
