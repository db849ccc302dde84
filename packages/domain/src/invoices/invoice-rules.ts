import { addMonthsIso, isIsoDate, todayIso } from '../dates';
import { isIban } from '../iban';
import { isEuVatNumber } from '../vat';
import { OLD_INVOICE_MONTHS } from './invoice-fields';

/**
 * SPEC §5 invoice rules as plain functions over the form's values. Each finding names the field,
 * a message key (translated from locales/{de,en}/validation.json) and its parameters, so the web
 * form and the server answer the same words.
 */
export interface RuleFinding {
  path: (string | number)[];
  message: string;
  params?: Record<string, string | number>;
}

export interface InvoiceRuleInput {
  counterpartyIban: string | null;
  counterpartyVat: string | null;
  invoiceNumber: string | null;
  date: string | null;
  dueDate: string | null;
  billingPeriodStart: string | null;
  billingPeriodEnd: string | null;
  totalAmount: number | null;
  currency: string | null;
  skontoRate: number | null;
  skontoAmount: number | null;
  skontoDate: string | null;
  shouldCreateTransaction: boolean;
  alreadyPaid: boolean;
  alreadyPaidDate: string | null;
  taxRate: number | null;
  partialAmount: { amount: number }[];
  debitorBankAccountId: string | null;
}

/**
 * The skonto a rate gives on a total: both amounts in minor units, the rate in basis points
 * (200 = 2 %), rounded half away from zero so that a credit note's skonto mirrors the invoice's.
 */
export function skontoAmountFor(totalAmount: number, skontoRate: number): number {
  return roundHalfAway((totalAmount * skontoRate) / 10_000);
}

/** Half away from zero: a credit note's figures mirror the invoice's. */
function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** A line's total: quantity in thousandths times the unit price in minor units, to the cent. */
export function lineTotalFor(quantity: number, unitPrice: number): number {
  return roundHalfAway((quantity * unitPrice) / 1_000);
}

/**
 * The net amount inside a gross total at a tax rate in basis points (1.190,00 at 19 % → 1.000,00);
 * the tax amount is the rest, so that net and tax always add up to the total to the cent.
 */
export function netOfGross(totalAmount: number, taxRate: number): number {
  return roundHalfAway((totalAmount * 10_000) / (10_000 + taxRate));
}

/** Total minus the split lines: positive = left to allocate, negative = the lines exceed the total. */
export function splitBalance(totalAmount: number, splits: readonly { amount: number }[]): number {
  return totalAmount - splits.reduce((sum, split) => sum + split.amount, 0);
}

/**
 * SPEC §5: what every invoice needs whatever the organisation configures. The form checks them on
 * each save, the approval actions again (an uploaded invoice may never have been saved).
 */
export const BASE_REQUIRED_INVOICE_FIELDS = ['invoiceNumber', 'date', 'dueDate', 'currency', 'taxRate', 'totalAmount'] as const;
export type BaseRequiredInvoiceField = (typeof BASE_REQUIRED_INVOICE_FIELDS)[number];

/** The base required fields the invoice lacks; a zero amount or rate counts as given. */
export function missingBaseInvoiceFields(input: {
  [field in BaseRequiredInvoiceField]: string | number | null;
}): BaseRequiredInvoiceField[] {
  return BASE_REQUIRED_INVOICE_FIELDS.filter((field) => input[field] === null || input[field] === '');
}

export function checkInvoiceRules(input: InvoiceRuleInput, today: string = todayIso()): RuleFinding[] {
  const findings: RuleFinding[] = [];
  const add = (path: RuleFinding['path'], message: string, params?: RuleFinding['params']) =>
    findings.push(params ? { path, message, params } : { path, message });

  for (const field of missingBaseInvoiceFields(input)) add([field], 'required');
  // Dates compare in order only when both are dates: text the form could not read has its own message.
  const dayOf = (value: string | null) => (value !== null && isIsoDate(value) ? value : null);
  const [date, dueDate] = [dayOf(input.date), dayOf(input.dueDate)];
  if (date && dueDate && dueDate < date) add(['dueDate'], 'due_before_date');

  // A billing period needs both ends, in order.
  const hasStart = input.billingPeriodStart !== null;
  const hasEnd = input.billingPeriodEnd !== null;
  if (hasStart !== hasEnd) add([hasStart ? 'billingPeriodEnd' : 'billingPeriodStart'], 'billing_period_incomplete');
  const [periodStart, periodEnd] = [dayOf(input.billingPeriodStart), dayOf(input.billingPeriodEnd)];
  if (periodStart && periodEnd && periodEnd < periodStart) add(['billingPeriodEnd'], 'billing_period_order');

  // Already paid: a payment date, not in the future.
  if (input.alreadyPaid && !input.alreadyPaidDate) add(['alreadyPaidDate'], 'paid_date_required');
  const paidDate = dayOf(input.alreadyPaidDate);
  if (input.alreadyPaid && paidDate && paidDate > today) add(['alreadyPaidDate'], 'paid_date_in_future');

  // Skonto: all or nothing; valid rate; not more than the total; not after the due date.
  const skonto = { skontoRate: input.skontoRate, skontoAmount: input.skontoAmount, skontoDate: input.skontoDate };
  const filled = Object.values(skonto).filter((value) => value !== null).length;
  if (filled > 0 && filled < 3) {
    for (const [field, value] of Object.entries(skonto)) if (value === null) add([field], 'skonto_incomplete');
  }
  if (input.skontoRate !== null && (input.skontoRate <= 0 || input.skontoRate > 10_000))
    add(['skontoRate'], 'skonto_rate_invalid');
  if (input.skontoAmount !== null && input.totalAmount !== null && Math.abs(input.skontoAmount) > Math.abs(input.totalAmount)) {
    add(['skontoAmount'], 'skonto_amount_exceeds_total');
  }
  const skontoDate = dayOf(input.skontoDate);
  if (skontoDate && dueDate && skontoDate > dueDate) add(['skontoDate'], 'skonto_date_after_due');
  if (input.taxRate !== null && (input.taxRate < 0 || input.taxRate > 10_000)) add(['taxRate'], 'tax_rate_invalid');

  // Split lines must add up to the total; the message shows the difference.
  if (input.partialAmount.length > 0 && input.totalAmount !== null) {
    const balance = splitBalance(input.totalAmount, input.partialAmount);
    if (balance < 0)
      add(['partialAmount'], 'split_sum_exceeds_total', { difference: -balance, currency: input.currency ?? 'EUR' });
    if (balance > 0)
      add(['partialAmount'], 'total_exceeds_split_sum', { difference: balance, currency: input.currency ?? 'EUR' });
  }

  // Paying by transaction needs a valid counterparty IBAN and a debitor account.
  const willPay = input.shouldCreateTransaction && !input.alreadyPaid;
  if (willPay) {
    if (!input.counterpartyIban) add(['counterpartyIban'], 'iban_required');
    else if (!isIban(input.counterpartyIban)) add(['counterpartyIban'], 'invalid_iban');
    if (!input.debitorBankAccountId) add(['debitorBankAccountId'], 'debitor_required');
  }
  if (input.counterpartyVat && !isEuVatNumber(input.counterpartyVat)) add(['counterpartyVat'], 'invalid_vat');
  return findings;
}

export type InvoiceWarning = 'invoice_older_than_4_months' | 'editing_approved_invoice';

/** Warnings do not block saving (SPEC §4). */
export function invoiceWarnings(input: { date: string | null; status: string }, today: string = todayIso()): InvoiceWarning[] {
  const warnings: InvoiceWarning[] = [];
  if (input.date && isIsoDate(input.date) && input.date < addMonthsIso(today, -OLD_INVOICE_MONTHS))
    warnings.push('invoice_older_than_4_months');
  if (input.status === 'approved') warnings.push('editing_approved_invoice');
  return warnings;
}

/** SPEC §5: ledger accounts are written "0000 - Name". */
export const LEDGER_ACCOUNT_PATTERN = /^(\d{1,9})\s+-\s+(\S.*)$/;

export function parseLedgerAccount(value: string): { code: string; name: string } | null {
  const match = LEDGER_ACCOUNT_PATTERN.exec(value.trim());
  return match ? { code: match[1]!, name: match[2]!.trim() } : null;
}
