/**
 * A transaction (SPEC §3) from an approved invoice (issue 7 item 2), pure: the caller supplies
 * `today` and the company bank accounts; problems are returned, never thrown.
 *
 * - Amount: total minus the skonto when the payment is executed by the skonto date (inclusive), or
 *   at any date when the invoice says to ignore the deadline. skontoAmount is the discount in minor
 *   units; when only skontoRate (basis points) is set the discount is round(total × rate / 10 000).
 * - Requested execution date (SPEC §9): due_date → the skonto date while skonto can still be
 *   taken, otherwise the due date (the due date also when the deadline is ignored: the discount is
 *   kept anyway); as_soon_as_possible → today. Never in the past; no due date → today.
 */
import { isBic, isIban, normalizeIban } from '../iban';
import { REMITTANCE_MAX_LENGTH } from '../invoices/invoice-fields';
import type { Invoice } from '../invoices/invoice-schema';
import type { PaymentStrategy } from '../organization';
import { maxIsoDate } from '../dates';
import { isSepaText, toSepaField } from './sepa-characters';

export type InvoiceForTransaction = Pick<
  Invoice,
  | 'id'
  | 'invoiceNumber'
  | 'totalAmount'
  | 'currency'
  | 'dueDate'
  | 'skontoRate'
  | 'skontoAmount'
  | 'skontoDate'
  | 'skontoIgnoreDeadline'
  | 'shouldCreateTransaction'
  | 'alreadyPaid'
  | 'counterpartyName'
  | 'counterpartyIban'
  | 'counterpartyBic'
  | 'remittanceInformation'
  | 'debitorBankAccountId'
>;

/** A company bank account as the debitor of a payment (SPEC §3). */
export interface CompanyBankAccountForPayment {
  id: string;
  name: string;
  iban: string;
  bic: string | null;
  isDefaultDebitor: boolean;
}

export interface PaymentParty {
  name: string;
  iban: string;
  bic: string | null;
}

export interface TransactionDraft {
  invoiceId: string;
  /** Minor units, positive. */
  amount: number;
  currency: string;
  requestedExecutionDate: string;
  /** Whether the amount is the total less the skonto. */
  skontoApplied: boolean;
  skontoDiscount: number;
  debitorBankAccountId: string;
  debitor: PaymentParty;
  creditor: PaymentParty;
  remittanceInformation: string | null;
  endToEndId: string;
}

export const TRANSACTION_PROBLEMS = [
  'not_create_transaction',
  'already_paid',
  'no_amount',
  'non_positive_amount',
  'no_currency',
  'no_debitor_account',
  'debitor_account_not_found',
  'no_creditor_iban',
  'invalid_creditor_iban',
  'invalid_creditor_bic',
  'no_creditor_name',
] as const;
export type TransactionProblem = (typeof TRANSACTION_PROBLEMS)[number];

export type TransactionFromInvoiceResult =
  { ok: true; transaction: TransactionDraft } | { ok: false; problems: TransactionProblem[] };

export interface TransactionFromInvoiceOptions {
  paymentStrategy: PaymentStrategy;
  /** YYYY-MM-DD, the business day (dates.ts todayIso). */
  today: string;
  /** The organisation's default debitor account, null when none is set. */
  defaultDebitor: CompanyBankAccountForPayment | null;
  /** The company accounts, to resolve the invoice's own debitor account. */
  bankAccounts?: readonly CompanyBankAccountForPayment[];
  /** The debitor's name on the payment (the organisation's name); defaults to the account's name. */
  debitorName?: string;
}

/** SEPA creditor/debitor name length. */
export const SEPA_NAME_MAX_LENGTH = 70;
/** SEPA end-to-end identification length. */
export const END_TO_END_ID_MAX_LENGTH = 35;

/**
 * Stable end-to-end ID: "INV" and the invoice UUID's 32 hex digits in upper case (35 characters,
 * SEPA charset). Creating the transaction again gives the same ID. Non-UUID ids are reduced to
 * the SEPA charset and cut to 35.
 */
export function endToEndIdForInvoice(invoiceId: string): string {
  const hex = invoiceId.replace(/-/g, '').toUpperCase();
  if (/^[0-9A-F]{32}$/.test(hex)) return `INV${hex}`;
  const text = toSepaField(`INV${invoiceId}`, END_TO_END_ID_MAX_LENGTH).replace(/ /g, '').replace(/\/+/g, '-');
  return text.slice(0, END_TO_END_ID_MAX_LENGTH);
}

export function isValidEndToEndId(value: string): boolean {
  return (
    value.length >= 1 &&
    value.length <= END_TO_END_ID_MAX_LENGTH &&
    isSepaText(value) &&
    !value.startsWith('/') &&
    !value.endsWith('/') &&
    !value.includes('//')
  );
}

/** Remittance information (SPEC §5 §9: shorter than 34 characters) in the SEPA charset; null when empty. */
export function remittanceFromInvoice(invoice: Pick<Invoice, 'remittanceInformation' | 'invoiceNumber'>): string | null {
  const source = invoice.remittanceInformation ?? invoice.invoiceNumber ?? '';
  const text = toSepaField(source, REMITTANCE_MAX_LENGTH);
  return text === '' ? null : text;
}

/** The skonto discount in minor units (0 when the invoice has none). */
export function skontoDiscount(invoice: Pick<Invoice, 'totalAmount' | 'skontoAmount' | 'skontoRate'>): number {
  if (invoice.skontoAmount !== null) return invoice.skontoAmount;
  if (invoice.skontoRate !== null && invoice.totalAmount !== null) {
    return Math.round((invoice.totalAmount * invoice.skontoRate) / 10_000);
  }
  return 0;
}

/** Whether paying on `executionDate` keeps the skonto. The skonto date itself still counts. */
export function skontoApplies(
  invoice: Pick<Invoice, 'totalAmount' | 'skontoAmount' | 'skontoRate' | 'skontoDate' | 'skontoIgnoreDeadline'>,
  executionDate: string,
): boolean {
  if (skontoDiscount(invoice) <= 0) return false;
  if (invoice.skontoIgnoreDeadline) return true;
  return invoice.skontoDate !== null && executionDate <= invoice.skontoDate;
}

/** Requested execution date per payment strategy, never before `today`. */
export function requestedExecutionDate(
  invoice: Pick<Invoice, 'dueDate' | 'totalAmount' | 'skontoAmount' | 'skontoRate' | 'skontoDate' | 'skontoIgnoreDeadline'>,
  paymentStrategy: PaymentStrategy,
  today: string,
): string {
  if (paymentStrategy === 'as_soon_as_possible') return today;
  const skontoStillOpen =
    !invoice.skontoIgnoreDeadline && skontoDiscount(invoice) > 0 && invoice.skontoDate !== null && invoice.skontoDate >= today;
  const target = skontoStillOpen ? invoice.skontoDate : invoice.dueDate;
  return target ? maxIsoDate(target, today) : today;
}

export function transactionFromInvoice(
  invoice: InvoiceForTransaction,
  options: TransactionFromInvoiceOptions,
): TransactionFromInvoiceResult {
  const problems: TransactionProblem[] = [];
  if (!invoice.shouldCreateTransaction) problems.push('not_create_transaction');
  if (invoice.alreadyPaid) problems.push('already_paid');
  if (problems.length > 0) return { ok: false, problems };

  if (invoice.totalAmount === null) problems.push('no_amount');
  if (invoice.currency === null) problems.push('no_currency');

  let debitorAccount: CompanyBankAccountForPayment | null = null;
  if (invoice.debitorBankAccountId !== null) {
    debitorAccount = options.bankAccounts?.find((account) => account.id === invoice.debitorBankAccountId) ?? null;
    if (!debitorAccount) problems.push('debitor_account_not_found');
  } else {
    debitorAccount = options.defaultDebitor;
    if (!debitorAccount) problems.push('no_debitor_account');
  }

  const creditorIban = invoice.counterpartyIban ? normalizeIban(invoice.counterpartyIban) : null;
  if (!creditorIban) problems.push('no_creditor_iban');
  else if (!isIban(creditorIban)) problems.push('invalid_creditor_iban');
  const creditorBic = invoice.counterpartyBic ? invoice.counterpartyBic.replace(/\s+/g, '').toUpperCase() : null;
  if (creditorBic && !isBic(creditorBic)) problems.push('invalid_creditor_bic');
  const creditorName = toSepaField(invoice.counterpartyName ?? '', SEPA_NAME_MAX_LENGTH);
  if (!creditorName) problems.push('no_creditor_name');

  const executionDate = requestedExecutionDate(invoice, options.paymentStrategy, options.today);
  const applied = skontoApplies(invoice, executionDate);
  const discount = applied ? skontoDiscount(invoice) : 0;
  const amount = (invoice.totalAmount ?? 0) - discount;
  if (invoice.totalAmount !== null && amount <= 0) problems.push('non_positive_amount');

  if (problems.length > 0 || !debitorAccount || !creditorIban || invoice.currency === null) {
    return { ok: false, problems };
  }
  return {
    ok: true,
    transaction: {
      invoiceId: invoice.id,
      amount,
      currency: invoice.currency,
      requestedExecutionDate: executionDate,
      skontoApplied: applied,
      skontoDiscount: discount,
      debitorBankAccountId: debitorAccount.id,
      debitor: {
        name: toSepaField(options.debitorName ?? debitorAccount.name, SEPA_NAME_MAX_LENGTH),
        iban: normalizeIban(debitorAccount.iban),
        bic: debitorAccount.bic,
      },
      creditor: { name: creditorName, iban: creditorIban, bic: creditorBic },
      remittanceInformation: remittanceFromInvoice(invoice),
      endToEndId: endToEndIdForInvoice(invoice.id),
    },
  };
}
