import { createCanvas } from '@napi-rs/canvas';
import { expect, test, type Page } from '@playwright/test';
import { facturXPdf } from './factur-x-sample';
import { DEMO_ADMIN, signIn } from './support';

/** A scanned German invoice: an A4 page drawn at 150 dpi as a PNG, no text layer. */
function scannedInvoicePng(invoiceNumber: string, taxLine = 'MwSt 19 %: 190,00 EUR'): Buffer {
  const canvas = createCanvas(1240, 1754);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, 1240, 1754);
  context.fillStyle = '#000000';
  context.font = '34px DejaVu Sans';
  const lines = [
    'Schreinerei Holzwurm GmbH',
    'Werkstattweg 4, 80331 München',
    'USt-IdNr.: DE129273398',
    '',
    `Rechnungsnummer: ${invoiceNumber}`,
    'Rechnungsdatum: 12.11.2026',
    '',
    'Nettobetrag: 1.000,00 EUR',
    taxLine,
    'Gesamtbetrag: 1.190,00 EUR',
    '',
    'IBAN: DE89 3704 0044 0532 0130 00',
  ];
  lines.forEach((line, index) => context.fillText(line, 120, 180 + index * 60));
  return canvas.toBuffer('image/png');
}

async function uploadThroughDialog(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await page.goto('/demo/invoices/new');
  await page.getByRole('button', { name: 'Upload invoices' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload invoices' });
  await dialog.getByLabel('Choose files').setInputFiles(file);
  await expect(dialog.getByTestId('upload-file').filter({ hasText: file.name })).toHaveAttribute('data-status', 'done');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

/** Waits until the row of `fileName` is read, then opens it. */
async function openWhenRead(page: Page, fileName: string): Promise<void> {
  const row = page.getByTestId('invoice-row').filter({ hasText: fileName });
  await expect(row).toHaveAttribute('data-ocr-status', 'done', { timeout: 60_000 });
  await row.click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
}

test('an uploaded ZUGFeRD PDF fills the fields and line items, marked as read from the e-invoice', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  // Made on the spot, so the flow runs without the fixture folder; the corpus is covered by the
  // conformance tests in packages/formats.
  const invoiceNumber = `FX-${Date.now()}`;
  await uploadThroughDialog(page, {
    name: 'lindner-facturx.pdf',
    mimeType: 'application/pdf',
    buffer: await facturXPdf(invoiceNumber),
  });
  await openWhenRead(page, 'lindner-facturx.pdf');

  await expect(page.getByLabel('Invoice number')).toHaveValue(invoiceNumber);
  await expect(page.getByTestId('read-mark-invoiceNumber')).toHaveAttribute('data-source', 'xml');
  await expect(page.getByTestId('read-mark-lineItems')).toBeVisible();
  await expect(page.getByTestId('reading-kind')).toHaveAttribute('data-kind', 'einvoice-pdf');
  await expect(page.getByTestId('proposed-counterparty')).toBeVisible();
});

test('a scanned invoice shows its reading progress, then its fields filled and marked by OCR; a duplicate is flagged', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_ADMIN);
  const invoiceNumber = `RE-${Date.now()}`;
  await uploadThroughDialog(page, { name: 'scan-holzwurm.png', mimeType: 'image/png', buffer: scannedInvoicePng(invoiceNumber) });

  // While it is read, the row shows its scan status and cannot be opened.
  const row = page.getByTestId('invoice-row').filter({ hasText: 'scan-holzwurm.png' });
  await expect(row.getByTestId('scan-status').or(row.getByTestId('reading-progress')).first()).toBeVisible();
  await openWhenRead(page, 'scan-holzwurm.png');
  await expect(page.getByLabel('Invoice number')).toHaveValue(invoiceNumber);
  await expect(page.getByTestId('read-mark-invoiceNumber')).toHaveAttribute('data-source', 'ocr');
  await expect(page.getByTestId('reading-kind')).toHaveAttribute('data-kind', 'ocr');

  // The same scan again: same supplier, number, total and date.
  await uploadThroughDialog(page, {
    name: 'scan-holzwurm-again.png',
    mimeType: 'image/png',
    buffer: scannedInvoicePng(invoiceNumber),
  });
  await openWhenRead(page, 'scan-holzwurm-again.png');
  await expect(page.getByTestId('reading-duplicates')).toBeVisible();
  await expect(page.getByTestId('reading-duplicate').first()).toHaveAttribute('data-reason', /same_number|same_amount_date/);
});

test('a scan whose net and tax do not add up to the total leaves them empty and says why', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_ADMIN);
  await uploadThroughDialog(page, {
    name: 'scan-widerspruch.png',
    mimeType: 'image/png',
    buffer: scannedInvoicePng(`RE-${Date.now()}`, 'MwSt 19 %: 123,45 EUR'),
  });
  await openWhenRead(page, 'scan-widerspruch.png');
  await expect(page.getByLabel('Total amount')).not.toHaveValue('');
  await expect(page.getByLabel('Net amount')).toHaveValue('');
  const mark = page.getByTestId('read-mark-netAmount');
  await expect(mark).toHaveAttribute('data-doubt', 'totals_disagree');
  await expect(mark).toHaveAttribute('title', /do not add up to the total/);
  // Typing a value takes the mark away.
  await page.getByLabel('Net amount').fill('1000');
  await expect(mark).toBeHidden();
});
