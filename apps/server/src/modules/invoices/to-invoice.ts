import {
  invoiceWarnings,
  requiredFieldsReport,
  type Invoice,
  type InvoiceCurrency,
  type InvoiceFile,
  type RequirableInvoiceValues,
  type RequiredFieldSettings,
} from '@kontor/domain';
import { toReferenceFields, toSplitFields } from './field-names';
import type { InvoiceFileRow, InvoiceParts, InvoiceRow } from './repo';

function toInvoiceFile(row: InvoiceFileRow): InvoiceFile {
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    pages: row.pages,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the required-field rules look at (SPEC §5), under the API's names. */
export function requirableValues(row: InvoiceRow, parts: InvoiceParts): RequirableInvoiceValues {
  return {
    ...row,
    ...toReferenceFields(row),
    lineItems: parts.lineItems,
    partialAmount: parts.splits.map(toSplitFields),
    attachmentCount: parts.files.filter((file) => file.kind === 'attachment').length,
  };
}

/** The GET answer with SPEC §3 field names (ARCHITECTURE §4). */
export function toInvoice(row: InvoiceRow, parts: InvoiceParts, requiredFields: RequiredFieldSettings): Invoice {
  const document = parts.files.find((file) => file.kind === 'document') ?? null;
  return {
    id: row.id,
    status: row.status,
    ocrStatus: row.ocrStatus,
    version: row.version,
    ...toReferenceFields(row),
    counterpartyName: row.counterpartyName,
    counterpartyIban: row.counterpartyIban,
    counterpartyBic: row.counterpartyBic,
    counterpartyVat: row.counterpartyVat,
    invoiceNumber: row.invoiceNumber,
    purchaseOrder: row.purchaseOrder,
    date: row.date,
    dueDate: row.dueDate,
    billingPeriodStart: row.billingPeriodStart,
    billingPeriodEnd: row.billingPeriodEnd,
    netAmount: row.netAmount,
    taxAmount: row.taxAmount,
    totalAmount: row.totalAmount,
    currency: row.currency as InvoiceCurrency | null,
    type: row.type,
    skontoRate: row.skontoRate,
    skontoAmount: row.skontoAmount,
    skontoDate: row.skontoDate,
    skontoIgnoreDeadline: row.skontoIgnoreDeadline,
    paymentTerms: row.paymentTerms,
    notes: row.notes,
    shouldCreateTransaction: row.shouldCreateTransaction,
    alreadyPaid: row.alreadyPaid,
    alreadyPaidDate: row.alreadyPaidDate,
    taxRate: row.taxRate,
    taxKeyId: row.taxKeyId,
    remittanceInformation: row.remittanceInformation,
    debitorBankAccountId: row.debitorBankAccountId,
    partialAmount: parts.splits.map(toSplitFields),
    lineItems: parts.lineItems.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unit: item.unit,
      unitPrice: item.unitPrice,
      totalPrice: item.totalPrice,
      taxRate: item.taxRate,
    })),
    cancelReason: row.cancelReason,
    uploadedBy: row.uploadedBy,
    emailOrigin:
      row.emailSender && row.emailReceivedAt
        ? { sender: row.emailSender, subject: row.emailSubject ?? '', receivedAt: row.emailReceivedAt.toISOString() }
        : null,
    document: document ? toInvoiceFile(document) : null,
    attachments: parts.files.filter((file) => file.kind === 'attachment').map(toInvoiceFile),
    warnings: invoiceWarnings({ date: row.date, status: row.status }),
    missingRequiredFields: requiredFieldsReport(requirableValues(row, parts), requiredFields),
    approval: parts.approval ?? null,
    reading: parts.reading ?? null,
    payment: parts.payment ?? null,
    paymentAccountReview: parts.paymentAccountReview ?? null,
    matchedAmount: row.matchedAmount,
    matchingStatus: row.matchingStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
