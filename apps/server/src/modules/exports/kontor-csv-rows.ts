import type { KontorCsvRow } from '@kontor/formats';
import { linesOf, type ExportInvoiceRow } from './export-rows';
import type { ExportPaymentRow } from './export-payments';
import type { ItemBatch } from './job-items';

/** An invoice as Kontor CSV rows: one per booking line (the invoice, or each split line). */
function invoiceRows(row: ExportInvoiceRow, documentNames: ReadonlyMap<string, string> | null): KontorCsvRow[] {
  const hasSplits = row.splits.length > 0;
  return linesOf(row).map((line) => ({
    invoiceId: row.id,
    status: row.status,
    type: row.type,
    invoiceNumber: row.invoiceNumber,
    date: row.date,
    dueDate: row.dueDate,
    counterpartyName: row.counterpartyName,
    counterpartyVat: row.counterpartyVat,
    counterpartyIban: row.counterpartyIban,
    counterpartyBic: row.counterpartyBic,
    accountsPayableNumber: row.accountsPayableNumber,
    purchaseOrder: row.purchaseOrder,
    billingPeriodStart: row.billingPeriodStart,
    billingPeriodEnd: row.billingPeriodEnd,
    netAmount: row.netAmount,
    taxAmount: row.taxAmount,
    totalAmount: row.totalAmount,
    currency: row.currency,
    taxRate: line.taxRate,
    taxKey: line.taxKeyName,
    skontoRate: row.skontoRate,
    skontoAmount: row.skontoAmount,
    skontoDate: row.skontoDate,
    paymentTerms: row.paymentTerms,
    costCenter: line.costCenterCode,
    costCenter2: line.costCenter2Code,
    ledgerAccount: line.ledgerAccountCode,
    line: hasSplits ? line.position : null,
    lineAmount: hasSplits ? line.amount : null,
    remittanceInformation: row.remittanceInformation,
    notes: row.notes,
    alreadyPaid: row.alreadyPaid,
    alreadyPaidDate: row.alreadyPaidDate,
    debitorIban: row.debitorIban,
    emailSender: row.emailSender,
    emailSubject: row.emailSubject,
    emailReceivedAt: row.emailReceivedAt,
    // In an archive with the documents, the name of the document's entry there.
    documentFileName: documentNames?.get(row.id) ?? row.documentFileName,
    exportedAt: row.exportedAt,
  }));
}

/** A payment of a run as a Kontor CSV row: the paid invoice's number, the creditor, the amount paid. */
function paymentRow(row: ExportPaymentRow): KontorCsvRow {
  return {
    invoiceId: row.invoiceId ?? row.id,
    status: 'exported',
    type: 'invoice',
    invoiceNumber: row.invoiceNumber ?? row.endToEndId,
    date: row.bookingDate ?? row.executionDate,
    dueDate: row.executionDate,
    counterpartyName: row.creditorName,
    counterpartyVat: null,
    counterpartyIban: row.creditorIban,
    counterpartyBic: null,
    accountsPayableNumber: row.accountsPayableNumber,
    purchaseOrder: null,
    billingPeriodStart: null,
    billingPeriodEnd: null,
    netAmount: null,
    taxAmount: null,
    totalAmount: row.amount,
    currency: row.currency,
    taxRate: null,
    taxKey: null,
    skontoRate: null,
    skontoAmount: row.skontoDiscount > 0 ? row.skontoDiscount : null,
    skontoDate: null,
    paymentTerms: null,
    costCenter: null,
    costCenter2: null,
    ledgerAccount: row.bankLedgerAccountCode,
    line: null,
    lineAmount: null,
    remittanceInformation: row.remittanceInformation,
    notes: null,
    alreadyPaid: true,
    alreadyPaidDate: row.bookingDate ?? row.executionDate,
    debitorIban: null,
    emailSender: null,
    emailSubject: null,
    emailReceivedAt: null,
    documentFileName: null,
    exportedAt: null,
  };
}

export function kontorCsvRowsOf(batch: ItemBatch, documentNames: ReadonlyMap<string, string> | null = null): KontorCsvRow[] {
  return [...batch.invoices.flatMap((row) => invoiceRows(row, documentNames)), ...batch.payments.map(paymentRow)];
}
