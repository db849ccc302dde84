import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Invoice } from '@kontor/domain';
import { browser } from './factories';
import type { TestApp } from './harness';
import { uploadFiles } from './invoice-fixtures';

/** ARCHITECTURE §6: the shared fixtures, `../shared/fixtures` beside the project unless KONTOR_FIXTURES. */
export const EINVOICE_FIXTURES = path.join(
  process.env.KONTOR_FIXTURES ?? path.resolve(import.meta.dirname, '../../../../shared/fixtures'),
  'einvoice',
);
export const hasEInvoiceFixtures = existsSync(EINVOICE_FIXTURES);
if (!hasEInvoiceFixtures) console.warn(`e-invoice reading tests skipped: ${EINVOICE_FIXTURES} not found (set KONTOR_FIXTURES)`);

export const readFixture = (relative: string) => readFileSync(path.join(EINVOICE_FIXTURES, relative));

/** The reading tests run with reading on; the job is run in place (no worker polling). */
export const READING_ENV = { INVOICE_READING: '1' };

/** Uploads one file, runs its reading job and answers the invoice as GET shows it. */
export async function uploadAndRead(
  testApp: TestApp,
  cookie: string,
  orgId: string,
  file: { filename: string; contentType: string; content: Buffer },
): Promise<Invoice> {
  const response = await uploadFiles(testApp, cookie, [file]);
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  const uploaded = response.json<{ items: Invoice[] }>().items[0]!;
  await testApp.app.invoiceReading.reader.run({ orgId, invoiceId: uploaded.id });
  return getInvoice(testApp, cookie, uploaded.id);
}

export async function getInvoice(testApp: TestApp, cookie: string, id: string): Promise<Invoice> {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/invoices/${id}`, headers: browser(cookie) });
  if (response.statusCode !== 200) throw new Error(`GET failed: ${response.body}`);
  return response.json<Invoice>();
}

/** A one-page PDF with these lines of text (a real text layer), made with pdf-lib. */
export async function textPdf(lines: string[], attach?: { name: string; xml: Buffer }): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([595, 842]);
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 790 - index * 16, size: 10, font }));
  if (attach) {
    await document.attach(attach.xml, attach.name, { mimeType: 'text/xml', description: 'Factur-X invoice' });
  }
  return Buffer.from(await document.save());
}

export const PDF_TYPE = 'application/pdf';
export const XML_TYPE = 'application/xml';

/** A German supplier invoice as a text PDF; `overrides` replaces lines by their label. */
export function supplierInvoiceLines(overrides: Record<string, string> = {}): string[] {
  const lines: Record<string, string> = {
    name: 'Muster Bürobedarf GmbH',
    address: 'Hauptstraße 5, 10115 Berlin',
    vat: 'USt-IdNr.: DE136695976',
    number: 'Rechnung Nr. RE-2024-117',
    date: 'Rechnungsdatum: 15.03.2024',
    period: 'Leistungszeitraum: 01.02.2024 - 29.02.2024',
    order: 'Bestellnummer: PO-4711',
    net: 'Nettobetrag: 1.000,00 EUR',
    tax: 'USt 19%: 190,00 EUR',
    total: 'Gesamtbetrag: 1.190,00 EUR',
    terms: 'Zahlbar innerhalb von 30 Tagen. 2 % Skonto bei Zahlung innerhalb von 10 Tagen.',
    iban: 'IBAN: DE89 3704 0044 0532 0130 00   BIC: COBADEFFXXX',
    ...overrides,
  };
  return Object.values(lines).filter((line) => line !== '');
}
