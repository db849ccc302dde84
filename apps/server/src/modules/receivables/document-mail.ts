import { invoiceFormat, type OutgoingInvoice } from '@kontor/formats';
import { translateNotification } from '../../lib/i18n';

/** "Rechnung-RE-2026-0042" / "Invoice-RE-2026-0042": the customer's language, safe as a file name. */
export function documentFileName(invoice: OutgoingInvoice): string {
  const kind = translateNotification(invoice.type === 'invoice' ? 'arInvoiceFileName' : 'arCreditNoteFileName', invoice.language);
  return `${kind}-${invoice.number}`.replace(/[^\p{L}\p{N}._-]+/gu, '_');
}

/** The e-mail that carries the invoice PDF, in the customer's language; the person may edit both. */
export function invoiceMailTexts(invoice: OutgoingInvoice): { subject: string; body: string } {
  const isInvoice = invoice.type === 'invoice';
  // The page's formats, so that mail and PDF state dates and amounts alike.
  const format = invoiceFormat(invoice.language, invoice.currency);
  const params = {
    number: invoice.number,
    company: invoice.seller.name,
    date: format.date(invoice.issueDate),
    dueDate: format.date(invoice.dueDate),
    amount: format.money(invoice.totals.due),
  };
  return {
    subject: translateNotification(isInvoice ? 'arInvoiceMailSubject' : 'arCreditNoteMailSubject', invoice.language, params),
    body: translateNotification(isInvoice ? 'arInvoiceMailBody' : 'arCreditNoteMailBody', invoice.language, params),
  };
}
