import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import type { Invoice, InvoiceFieldsInput } from '@kontor/domain';
import { companyBankAccounts, costCenters, invoiceFiles, invoices, ledgerAccounts, taxKeys } from '../src/db/schema';
import { browser } from './factories';
import type { TestApp } from './harness';
import { multipartFiles, tinyPng, type MultipartPart } from './uploads';

/** A PDF with `pages` empty A4 pages, made with pdf-lib. */
export async function pdfWithPages(pages: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let page = 0; page < pages; page += 1) document.addPage([595, 842]);
  return Buffer.from(await document.save());
}

export async function uploadFiles(testApp: TestApp, cookie: string, parts: MultipartPart[], url = '/api/invoices/upload') {
  const { body, contentType } = multipartFiles(parts);
  return testApp.app.inject({ method: 'POST', url, headers: browser(cookie, { 'content-type': contentType }), payload: body });
}

/** Uploads one PNG and answers the invoice it became. */
export async function uploadInvoice(testApp: TestApp, cookie: string, filename = 'scan.png'): Promise<Invoice> {
  const response = await uploadFiles(testApp, cookie, [{ filename, contentType: 'image/png', content: tinyPng() }]);
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json<{ items: Invoice[] }>().items[0]!;
}

/** Master data of an organisation, inserted directly (the master-data module is someone else's). */
export async function createMasterData(testApp: TestApp, organizationId: string) {
  const { db } = testApp.database;
  const [debitor] = await db
    .insert(companyBankAccounts)
    .values({ organizationId, name: 'Hausbank', iban: 'DE89370400440532013000', isDefaultDebitor: true })
    .returning();
  const [kost1, kost2] = await db
    .insert(costCenters)
    .values([
      { organizationId, code: `K1-${randomUUID().slice(0, 4)}`, name: 'Vertrieb', type: 1 },
      { organizationId, code: `K2-${randomUUID().slice(0, 4)}`, name: 'Projekt', type: 2 },
    ])
    .returning();
  const [ledger] = await db.insert(ledgerAccounts).values({ organizationId, code: '4400', name: 'Büro' }).returning();
  const [taxKey] = await db
    .insert(taxKeys)
    .values({ organizationId, name: `CUSTOM_${randomUUID().slice(0, 4)}`, type: 'PURCHASE', rate: 1900 })
    .returning();
  return { debitorId: debitor!.id, kost1Id: kost1!.id, kost2Id: kost2!.id, ledgerId: ledger!.id, taxKeyId: taxKey!.id };
}

/** A complete invoice form that passes every SPEC §5 rule. */
export function validFields(debitorBankAccountId: string, overrides: Partial<InvoiceFieldsInput> = {}): InvoiceFieldsInput {
  return {
    counterparty: null,
    counterpartyName: 'Lieferant GmbH',
    counterpartyIban: 'DE89 3704 0044 0532 0130 00',
    counterpartyBic: null,
    counterpartyVat: 'DE123456788',
    invoiceNumber: 'RE-2026-001',
    purchaseOrder: null,
    date: '2026-11-01',
    dueDate: '2026-11-30',
    billingPeriodStart: null,
    billingPeriodEnd: null,
    netAmount: 10000,
    taxAmount: 1900,
    totalAmount: 11900,
    currency: 'EUR',
    type: 'invoice',
    skontoRate: null,
    skontoAmount: null,
    skontoDate: null,
    skontoIgnoreDeadline: false,
    paymentTerms: null,
    notes: null,
    shouldCreateTransaction: true,
    alreadyPaid: false,
    alreadyPaidDate: null,
    costCenter: null,
    costCenter2: null,
    ledgerAccount: null,
    taxRate: 1900,
    taxKeyId: null,
    partialAmount: [],
    lineItems: [],
    remittanceInformation: 'RE-2026-001',
    debitorBankAccountId,
    ...overrides,
  };
}

/** Inserts an invoice (and a document whose id equals the invoice id) straight into the database. */
export async function insertInvoiceRow(
  testApp: TestApp,
  organizationId: string,
  values: Partial<typeof invoices.$inferInsert> = {},
): Promise<string> {
  const id = values.id ?? randomUUID();
  await testApp.database.db.insert(invoices).values({ organizationId, id, status: 'new', ...values });
  await testApp.database.db.insert(invoiceFiles).values({
    organizationId,
    id,
    invoiceId: id,
    kind: 'document',
    storageKey: `org/${organizationId}/invoices/${id}/missing.png`,
    fileName: 'inserted.png',
    contentType: 'image/png',
    size: 1,
    sha256: '0',
  });
  return id;
}
