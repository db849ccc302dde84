import type { DocumentPayment } from '@kontor/domain';
import type { ExtractedInvoice } from '@kontor/formats';

/**
 * What the read document says about paying it, as the invoice keeps it apart from the
 * counterparty's accounts (issue 50). Every reading has one, so that "the document names no
 * account" can be said; text and OCR readings only know an IBAN they found (the seller's, as far
 * as they can tell) and no payment means.
 */
export function documentPaymentOf(invoice: ExtractedInvoice): DocumentPayment {
  const account =
    invoice.documentAccount?.value ??
    (invoice.iban ? { iban: invoice.iban.value, isValid: true, bic: invoice.bic?.value ?? null, role: 'seller' as const } : null);
  const payee = invoice.payee;
  return {
    means: invoice.paymentMeans?.value ?? null,
    account,
    payee: payee ? { name: payee.name?.value ?? null, vatNumber: payee.vatId?.value ?? null } : null,
  };
}
