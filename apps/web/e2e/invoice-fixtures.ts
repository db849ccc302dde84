import { expect, type APIRequestContext } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { withDatabase } from './support';

export interface PdfFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A real one-page PDF, a few hundred bytes, made on the fly. */
export async function tinyPdf(name: string, text = name): Promise<PdfFile> {
  const document = await PDFDocument.create();
  document.addPage([300, 200]).drawText(text, { x: 20, y: 100, size: 12 });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await document.save()) };
}

/** Uploads through the API with the page's session (the browser's cookies) and answers the new invoice's id. */
export async function uploadInvoiceByApi(request: APIRequestContext, file: PdfFile): Promise<string> {
  const response = await request.post('/api/invoices/upload', { multipart: { files: file } });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { items: { id: string }[] };
  const id = body.items[0]?.id;
  if (!id) throw new Error('The upload created no invoice');
  await waitUntilRead(request, id);
  return id;
}

/** Every upload is read by a job first (no opening meanwhile: 409 invoice_in_ocr); waits for it. */
export async function waitUntilRead(request: APIRequestContext, id: string): Promise<void> {
  await expect
    .poll(async () => (await request.get(`/api/invoices/${id}`)).status(), { timeout: 30_000, intervals: [100, 200, 500] })
    .toBe(200);
}

/**
 * Fills the fields the overview shows, straight in the database (the detail form is tested on its
 * own), and the other base fields approval needs (SPEC §5) where reading left them empty.
 */
export async function setInvoiceFields(
  id: string,
  fields: { invoiceNumber: string; counterpartyName: string; totalAmount: number },
): Promise<void> {
  await withDatabase((client) =>
    client.query(
      `update invoices set invoice_number = $2, counterparty_name = $3, total_amount = $4, currency = 'EUR' where id = $1`,
      [id, fields.invoiceNumber, fields.counterpartyName, fields.totalAmount],
    ),
  );
  await fillApprovableFields(id);
}

/**
 * The SPEC §5 base fields approval requires (number, dates, currency, tax rate, total), filled
 * in the database where the upload's reading left them empty: for flows about approving, not
 * about the form.
 */
export async function fillApprovableFields(id: string): Promise<void> {
  await withDatabase((client) =>
    client.query(
      `update invoices
          set invoice_number = coalesce(invoice_number, 'RE-' || left(id::text, 8)),
              date = coalesce(date, current_date),
              due_date = coalesce(due_date, current_date + 14),
              currency = coalesce(currency, 'EUR'),
              tax_rate = coalesce(tax_rate, 1900),
              total_amount = coalesce(total_amount, 11900)
        where id = $1`,
      [id],
    ),
  );
}

export async function getInvoiceVersion(request: APIRequestContext, id: string): Promise<number> {
  const response = await request.get(`/api/invoices/${id}`);
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { version: number }).version;
}

/** Unique per run, so specs never see each other's invoices. */
export const runId = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A default invoice flow of one step that `approverId` approves alone (through the API; its editor has its own spec). */
export async function createSoleApproverInvoiceFlow(
  request: APIRequestContext,
  approverId: string,
  name: string,
): Promise<string> {
  const response = await request.post('/api/approval-flows', {
    data: {
      name,
      type: 'invoice',
      isDefault: true,
      steps: [{ approverIds: [approverId], requiredApprovals: 1 }],
      conditions: [],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
