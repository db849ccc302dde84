import type { OutgoingInvoice } from '@kontor/formats';
import { translateNotification } from '../../lib/i18n';

/** "Rechnung-RE-2026-0042" / "Invoice-RE-2026-0042": the customer's language, safe as a file name. */
export function documentFileName(invoice: OutgoingInvoice): string {
  const kind = translateNotification(invoice.type === 'invoice' ? 'arInvoiceFileName' : 'arCreditNoteFileName', invoice.language);
  return `${kind}-${invoice.number}`.replace(/[^\p{L}\p{N}._-]+/gu, '_');
}

/** A date as the customer reads it: 07.12.2026 / 7 Dec 2026. */
export function formatCustomerDate(isoDate: string, language: OutgoingInvoice['language']): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** An amount as the customer reads it: 1.977,47 € / €1,977.47. */
export function formatCustomerAmount(minor: number, currency: string, language: OutgoingInvoice['language']): string {
  const format = new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

/** The e-mail that carries the invoice PDF, in the customer's language; the person may edit both. */
export function invoiceMailTexts(invoice: OutgoingInvoice): { subject: string; body: string } {
  const isInvoice = invoice.type === 'invoice';
  const params = {
    number: invoice.number,
    company: invoice.seller.name,
    date: formatCustomerDate(invoice.issueDate, invoice.language),
    dueDate: formatCustomerDate(invoice.dueDate, invoice.language),
    amount: formatCustomerAmount(invoice.totals.due, invoice.currency, invoice.language),
  };
  return {
    subject: translateNotification(isInvoice ? 'arInvoiceMailSubject' : 'arCreditNoteMailSubject', invoice.language, params),
    body: translateNotification(isInvoice ? 'arInvoiceMailBody' : 'arCreditNoteMailBody', invoice.language, params),
  };
}
