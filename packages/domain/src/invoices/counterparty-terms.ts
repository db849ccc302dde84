import { addDaysIso, isIsoDate } from '../dates';
import { skontoAmountFor } from './invoice-rules';

/** What a counterparty has agreed with the organisation (its record's terms). */
export interface CounterpartyTerms {
  paymentTermsDays: number | null;
  skontoDays: number | null;
  /** Basis points: 200 = 2 %. */
  skontoRate: number | null;
  defaultLedgerAccountId: string | null;
}

/** The invoice fields the terms can fill, as they stand. */
export interface InvoiceTermsFields {
  date: string | null;
  dueDate: string | null;
  totalAmount: number | null;
  skontoRate: number | null;
  ledgerAccount: string | null;
}

export interface TermsFill {
  dueDate?: string;
  skontoRate?: number;
  skontoAmount?: number;
  skontoDate?: string;
  ledgerAccount?: string;
}

/**
 * The counterparty's terms for an invoice's empty fields, never over what the document or a
 * person put there: the due date from the invoice date and the payment days, the agreed skonto
 * (rate, amount from the total, date from the invoice date) and the default ledger account.
 * The same whether the counterparty was recognised while reading or chosen in the form.
 */
export function fillFromCounterpartyTerms(invoice: InvoiceTermsFields, terms: CounterpartyTerms): TermsFill {
  const fill: TermsFill = {};
  const date = invoice.date !== null && isIsoDate(invoice.date) ? invoice.date : null;
  const hasTotal = invoice.totalAmount !== null && Number.isFinite(invoice.totalAmount);
  if (invoice.dueDate === null && date && terms.paymentTermsDays !== null) {
    fill.dueDate = addDaysIso(date, terms.paymentTermsDays);
  }
  if (invoice.skontoRate === null && terms.skontoRate !== null && terms.skontoDays !== null) {
    fill.skontoRate = terms.skontoRate;
    if (hasTotal) fill.skontoAmount = skontoAmountFor(invoice.totalAmount as number, terms.skontoRate);
    if (date) fill.skontoDate = addDaysIso(date, terms.skontoDays);
  }
  if (invoice.ledgerAccount === null && terms.defaultLedgerAccountId !== null) {
    fill.ledgerAccount = terms.defaultLedgerAccountId;
  }
  return fill;
}
