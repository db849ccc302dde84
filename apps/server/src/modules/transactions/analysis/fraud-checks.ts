import {
  DEFAULT_FLAG_SEVERITY,
  formatIban,
  type AnalysisFlag,
  type AnalysisFlagCode,
  type AnalysisSeverity,
} from '@kontor/domain';
import type { AnalysisFacts, CounterpartyFacts, PaidGroup } from './analysis-facts';
import type { TransactionRow } from '../transaction-rows';

/**
 * The first fraud checks (SPEC §1 §4, issue 7 item 6), each a pure function of one transaction and
 * the facts loaded for all rows at once (analysis-facts.ts). Each returns a flag or null; the
 * reason is English, its params let the web show it in the viewer's language.
 */

export interface CheckContext {
  facts: AnalysisFacts;
  now: Date;
}

type Check = (row: TransactionRow, context: CheckContext) => AnalysisFlag | null;

/** A bank account added (or its IBAN edited) this recently at a counterparty that existed before counts as a change. */
export const IBAN_CHANGE_WINDOW_DAYS = 30;
/** A counterparty at least this old when the account was added is not a new supplier with its first account. */
export const COUNTERPARTY_MIN_AGE_DAYS = 1;
/** amount_above_history needs this many earlier payments and an amount above FACTOR × their average. */
export const HISTORY_MIN_PAYMENTS = 3;
export const HISTORY_AMOUNT_FACTOR = 3;

const DAY_MS = 86_400_000;

function flag(
  code: AnalysisFlagCode,
  reason: string,
  params: Record<string, string | number>,
  severity: AnalysisSeverity = DEFAULT_FLAG_SEVERITY[code],
): AnalysisFlag {
  return { code, severity, reason, params };
}

const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;

/**
 * Earlier payments that count for this row: same IBAN, and when the row has a counterparty, paid to
 * it or to an unknown one (a bank statement does not always say who the creditor was).
 */
function paidGroupsFor(row: TransactionRow, paid: readonly PaidGroup[]): PaidGroup[] {
  return paid.filter(
    (group) =>
      group.iban === row.creditorIban &&
      (row.counterpartyId === null || group.counterpartyId === null || group.counterpartyId === row.counterpartyId),
  );
}

function counterpartyOf(row: TransactionRow, facts: AnalysisFacts): CounterpartyFacts | null {
  return row.counterpartyId ? (facts.counterparties.get(row.counterpartyId) ?? null) : null;
}

const partyName = (row: TransactionRow, facts: AnalysisFacts) => counterpartyOf(row, facts)?.name ?? row.creditorName;

export const ibanNeverPaid: Check = (row, { facts }) => {
  const count = paidGroupsFor(row, facts.paid).reduce((sum, group) => sum + group.count, 0);
  if (count > 0) return null;
  const counterpartyName = partyName(row, facts);
  return flag('iban_never_paid', `IBAN ${formatIban(row.creditorIban)} never paid before for ${counterpartyName}`, {
    iban: row.creditorIban,
    counterpartyName,
  });
};

export const bankAccountNotVerified: Check = (row, { facts }) => {
  const counterparty = counterpartyOf(row, facts);
  const account = counterparty?.accounts.find((candidate) => candidate.iban === row.creditorIban);
  // Trust vouches for the counterparty's own accounts (a change of them removes it), not for an
  // IBAN it does not have.
  if (account && (counterparty?.isTrusted || account.verified)) return null;
  const counterpartyName = counterparty?.name ?? row.creditorName;
  // Most suppliers' accounts are never verified: one stored at the counterparty is a note. An IBAN
  // the counterparty record does not have (or a payment without counterparty) deserves a look.
  return flag(
    'bank_account_not_verified',
    `Bank account ${formatIban(row.creditorIban)} of ${counterpartyName} is neither verified nor trusted`,
    { iban: row.creditorIban, counterpartyName },
    account ? 'note' : 'warning',
  );
};

export const ibanChangedRecently: Check = (row, { facts, now }) => {
  const counterparty = counterpartyOf(row, facts);
  if (!counterparty) return null;
  const account = counterparty.accounts.find((candidate) => candidate.iban === row.creditorIban);
  if (!account) return null;
  const ageDays = Math.floor((now.getTime() - account.ibanSince.getTime()) / DAY_MS);
  const counterpartyAgeAtAdd = (account.ibanSince.getTime() - counterparty.createdAt.getTime()) / DAY_MS;
  if (ageDays > IBAN_CHANGE_WINDOW_DAYS || counterpartyAgeAtAdd < COUNTERPARTY_MIN_AGE_DAYS) return null;
  return flag(
    'iban_changed_recently',
    `Bank account ${formatIban(row.creditorIban)} was added to or changed at ${counterparty.name} ${ageDays} days ago`,
    { iban: row.creditorIban, counterpartyName: counterparty.name, days: ageDays },
  );
};

export const ibanCountryDiffers: Check = (row, { facts }) => {
  const counterparty = counterpartyOf(row, facts);
  if (!counterparty?.country) return null;
  const ibanCountry = row.creditorIban.slice(0, 2).toUpperCase();
  if (ibanCountry === counterparty.country.toUpperCase()) return null;
  return flag(
    'iban_country_differs',
    `IBAN country ${ibanCountry} differs from ${counterparty.name}'s country ${counterparty.country}`,
    { iban: row.creditorIban, counterpartyName: counterparty.name, ibanCountry, country: counterparty.country },
  );
};

export const amountAboveHistory: Check = (row, { facts }) => {
  const groups = paidGroupsFor(row, facts.paid);
  const count = groups.reduce((sum, group) => sum + group.recentCount, 0);
  if (count < HISTORY_MIN_PAYMENTS) return null;
  const averageAmount = Math.round(groups.reduce((sum, group) => sum + group.recentAmount, 0) / count);
  if (row.amount <= HISTORY_AMOUNT_FACTOR * averageAmount) return null;
  const counterpartyName = partyName(row, facts);
  return flag(
    'amount_above_history',
    `Amount ${money(row.amount, row.currency)} is more than ${HISTORY_AMOUNT_FACTOR}× the average ` +
      `${money(averageAmount, row.currency)} of ${count} earlier payments to ${counterpartyName}`,
    { amount: row.amount, averageAmount, count, currency: row.currency, counterpartyName, iban: row.creditorIban },
  );
};

export const possibleDuplicate: Check = (row, { facts }) => {
  const match = facts.duplicates.get(row.id);
  if (!match) return null;
  return flag(
    'possible_duplicate',
    `Possible duplicate: a payment of ${money(row.amount, row.currency)} to ${formatIban(row.creditorIban)} ` +
      `with the same remittance ${match.days} days apart`,
    {
      iban: row.creditorIban,
      amount: row.amount,
      currency: row.currency,
      days: match.days,
      source: match.source,
      ...(match.date ? { date: match.date } : {}),
    },
  );
};

export const invoiceIbanDiffers: Check = (row, { facts }) => {
  const invoice = row.invoiceId ? facts.invoices.get(row.invoiceId) : undefined;
  if (!invoice || invoice.known) return null;
  return flag(
    'invoice_iban_differs',
    `Invoice IBAN ${formatIban(invoice.iban)} is not a bank account of ${invoice.counterpartyName}`,
    { iban: invoice.iban, counterpartyName: invoice.counterpartyName },
  );
};

/** The invoice's document names a payee other than the seller: whoever approves the payment looks twice. */
export const invoicePayeeDiffers: Check = (row, { facts }) => {
  const invoice = row.invoiceId ? facts.invoices.get(row.invoiceId) : undefined;
  if (!invoice || invoice.payeeName === null) return null;
  return flag(
    'invoice_payee_differs',
    `The invoice names a different payee (${invoice.payeeName || 'without a name'}) than ${invoice.counterpartyName}`,
    { payeeName: invoice.payeeName, counterpartyName: invoice.counterpartyName },
  );
};

/** In ANALYSIS_FLAG_CODES order, so a row's flags always come in the same order. */
export const FRAUD_CHECKS: readonly Check[] = [
  ibanNeverPaid,
  bankAccountNotVerified,
  ibanChangedRecently,
  ibanCountryDiffers,
  amountAboveHistory,
  possibleDuplicate,
  invoiceIbanDiffers,
  invoicePayeeDiffers,
];

export function runFraudChecks(row: TransactionRow, context: CheckContext): AnalysisFlag[] {
  return FRAUD_CHECKS.flatMap((check) => check(row, context) ?? []);
}
