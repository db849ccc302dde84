import {
  formatMoney,
  lineNetAmount,
  nextReceivableStatus,
  receivableTotals,
  totalsDifferences,
  type ArInvoice,
  type ReceivableAmountLine,
} from '@kontor/domain';
import { isReadingError, readEInvoicePdf, type ExtractedInvoice } from '@kontor/formats';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, OrgId, Tx } from '../../db/database';
import { counterparties } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { einvoiceXmlReader } from '../../lib/xml-worker/einvoice-reader';
import type { OrgContext } from '../../plugins/session';
import { writeActivity } from '../activity-log/writer';
import { assignAccountNumber } from '../counterparties/numbering';
import { tenant } from '../master-data/service-helpers';
import { insertArInvoiceRow, isArInvoiceNumberTaken, readArInvoice, replaceArLines, type ArLineInsert } from './repo';

/** An e-invoice is a few hundred kilobytes; ten megabytes leave room for a ZUGFeRD PDF with images. */
export const AR_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** The document's e-invoice: XML read in the worker thread, or the XML embedded in a ZUGFeRD/Factur-X PDF. */
async function readDocument(fileName: string, body: Buffer): Promise<ExtractedInvoice> {
  const bytes = new Uint8Array(body.buffer, body.byteOffset, body.length);
  try {
    if (body.subarray(0, 1024).toString('latin1').includes('%PDF-')) {
      const embedded = await readEInvoicePdf(bytes);
      if (!embedded) throw new AppError('upload_xml_not_einvoice', { fileName });
      return embedded;
    }
    return await einvoiceXmlReader.read(bytes);
  } catch (error) {
    if (!isReadingError(error)) throw error;
    if (error.code === 'malformed_xml' || error.code === 'broken_pdf') throw new AppError('upload_xml_malformed', { fileName });
    throw new AppError('upload_xml_not_einvoice', { fileName });
  }
}

/** The document's lines as receivable lines; a line without a rate or price cannot be booked. */
function linesOf(invoice: ExtractedInvoice): (ReceivableAmountLine & { description: string; unit: string | null })[] {
  return invoice.lineItems.map((item, index) => {
    const quantity = item.quantity ?? 1;
    const unitPrice =
      item.unitPrice ?? (item.totalPrice !== null && quantity !== 0 ? Math.round(item.totalPrice / quantity) : null);
    if (unitPrice === null || item.taxRate === null) {
      throw new AppError('validation_failed', undefined, { fieldErrors: { [`lineItems.${index}`]: ['invalid'] } });
    }
    return {
      description: item.description.trim().slice(0, 500) || '–',
      unit: item.unit?.slice(0, 20) ?? null,
      quantity: Math.round(quantity * 1000) / 1000,
      unitPrice,
      taxRate: item.taxRate,
    };
  });
}

/** The customer (the document's buyer) by VAT number, else by name; created when Kontor does not know it yet. */
async function findOrCreateCustomer(tx: Tx, orgId: OrgId, invoice: ExtractedInvoice, userId: string): Promise<string> {
  const name = invoice.buyer.name?.value.trim();
  if (!name) throw new AppError('validation_failed', undefined, { fieldErrors: { counterpartyId: ['required'] } });
  const vat = invoice.buyer.vatId?.value ?? null;
  const [known] = await tx
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(
      and(
        eq(counterparties.organizationId, orgId),
        vat ? eq(counterparties.vatNumber, vat) : sql`lower(${counterparties.name}) = lower(${name})`,
      ),
    )
    .limit(1);
  if (known) return known.id;
  const address = invoice.buyer.address?.value;
  const [created] = await tx
    .insert(counterparties)
    .values({
      organizationId: orgId,
      name: name.slice(0, 200),
      vatNumber: vat,
      street: address?.street ?? null,
      zip: address?.postalCode ?? null,
      city: address?.city ?? null,
      country: address?.countryCode ?? null,
      accountsReceivableNumber: await assignAccountNumber(tx, orgId, 'receivable'),
    })
    .returning({ id: counterparties.id });
  await writeActivity(tx, orgId, {
    entityType: 'counterparty',
    entityId: created!.id,
    action: 'create',
    actor: { type: 'user', id: userId },
    changes: { origin: 'receivable_import' },
  });
  return created!.id;
}

/**
 * POST /api/ar-invoices/imports/einvoice: an existing outgoing invoice taken over from its
 * e-invoice (XRechnung UBL/CII, ZUGFeRD/Factur-X XML or PDF). It keeps the document's number and
 * dates; its amounts are recomputed from the lines and the file is refused, with the difference,
 * when they do not add up to the document's totals per tax rate.
 */
export async function importEInvoiceReceivable(
  database: Database,
  org: OrgContext,
  fileName: string,
  body: Buffer,
): Promise<ArInvoice> {
  const invoice = await readDocument(fileName, body);
  const number = invoice.invoiceNumber?.value.trim();
  const date = invoice.date?.value;
  if (!number || !date) throw new AppError('upload_xml_not_einvoice', { fileName });
  const currency = invoice.currency?.value ?? 'EUR';
  const lines = linesOf(invoice);
  const computed = receivableTotals(lines);
  const differences = totalsDifferences(lines, {
    netAmount: invoice.netAmount?.value ?? computed.netAmount,
    taxAmount: invoice.taxAmount?.value ?? computed.taxAmount,
    totalAmount: invoice.totalAmount?.value ?? computed.totalAmount,
    taxBreakdown: invoice.taxBreakdown.length > 0 ? invoice.taxBreakdown : undefined,
  });
  const first = differences[0];
  if (first) {
    throw new AppError('ar_invoice_totals_mismatch', {
      field: first.field,
      rate: first.rate === null ? '' : `${first.rate / 100} %`,
      declared: formatMoney(first.declared, currency),
      computed: formatMoney(first.computed, currency),
      difference: formatMoney(first.difference, currency),
    });
  }
  return database.withOrg(tenant(org), async (tx) => {
    if (await isArInvoiceNumberTaken(tx, org.orgId, number))
      throw new AppError('ar_invoice_number_taken', { invoiceNumber: number });
    const counterpartyId = await findOrCreateCustomer(tx, org.orgId, invoice, org.userId);
    const prepaid = Math.max(0, invoice.prepaidAmount?.value ?? 0);
    const total = Math.abs(computed.totalAmount);
    const status =
      prepaid > 0
        ? (nextReceivableStatus('outstanding', 'record_payment', { paidAmount: prepaid, totalAmount: total }) ?? 'outstanding')
        : 'outstanding';
    const row = await insertArInvoiceRow(tx, org.orgId, {
      type: invoice.type?.value === 'credit_note' ? 'credit_note' : 'invoice',
      status,
      invoiceNumber: number,
      counterpartyId,
      invoiceDate: date,
      dueDate: invoice.dueDate?.value ?? date,
      servicePeriodStart: invoice.billingPeriodStart?.value ?? null,
      servicePeriodEnd: invoice.billingPeriodEnd?.value ?? null,
      currency,
      netAmount: computed.netAmount,
      taxAmount: computed.taxAmount,
      totalAmount: computed.totalAmount,
      taxBreakdown: computed.taxBreakdown,
      paidAmount: Math.min(prepaid, total),
      paidOn: prepaid > 0 ? date : null,
      notes: invoice.notes.join('\n').slice(0, 2000) || null,
      paymentTermDays: invoice.paymentTermDays?.value ?? null,
      skontoRate: invoice.skonto?.value.rate ?? null,
      skontoDays: invoice.skonto?.value.days ?? null,
      createdBy: org.userId,
    });
    const stored: ArLineInsert[] = lines.map((line, position) => ({
      position,
      description: line.description,
      quantity: String(line.quantity),
      unit: line.unit,
      unitPrice: line.unitPrice,
      taxRate: line.taxRate,
      netAmount: lineNetAmount(line.quantity, line.unitPrice),
    }));
    await replaceArLines(tx, org.orgId, row.id, stored);
    await writeActivity(tx, org.orgId, {
      entityType: 'ar_invoice',
      entityId: row.id,
      action: 'create',
      actor: { type: 'user', id: org.userId },
      changes: { origin: 'einvoice_import', fileName, invoiceNumber: number, totalAmount: row.totalAmount },
    });
    return (await readArInvoice(tx, org.orgId, row.id))!;
  });
}
