import { expect, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { waitUntilRead } from './invoice-fixtures';

/** A one-page PDF invoice made on the spot (no fixture file to keep in sync). */
export async function makeInvoicePdf(text = 'Rechnung R-1001'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(text, { x: 60, y: 760, size: 20, font });
  page.drawText('Gesamtbetrag 119,00 EUR', { x: 60, y: 720, size: 12, font });
  return Buffer.from(await pdf.save());
}

/** Uploads a PDF as the signed-in user (the page's cookies) and answers the new invoice's id. */
export async function uploadInvoice(page: Page, fileName = 'rechnung.pdf'): Promise<string> {
  const response = await page.request.post('/api/invoices/upload', {
    multipart: { files: { name: fileName, mimeType: 'application/pdf', buffer: await makeInvoicePdf(fileName) } },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { items: { id: string }[] };
  const id = body.items[0]?.id;
  if (!id) throw new Error('The upload answered no invoice');
  await waitUntilRead(page.request, id);
  return id;
}

/** Opens an invoice's detail page and waits until its form is there. */
export async function openInvoice(page: Page, id: string, tab = 'new'): Promise<void> {
  await page.goto(`/demo/invoices/${tab}/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Save|Speichern)$/ })).toBeVisible();
}

/** Today and a date some days away as YYYY-MM-DD, which the date fields read as well as their own format. */
export function isoDate(daysFromToday = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + daysFromToday);
  return date.toISOString().slice(0, 10);
}

/** Picks an option of a Radix select by its label and the option's text. */
export async function chooseOption(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}
