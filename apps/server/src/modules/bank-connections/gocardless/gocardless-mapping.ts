import { createHash } from 'node:crypto';
import { normalizeIban } from '@kontor/domain';
import { toMinorUnits } from '@kontor/formats';
import { z } from 'zod';
import {
  BankProviderError,
  type BankInstitution,
  type ConsentStatus,
  type ProviderAccount,
  type ProviderTransaction,
} from '../provider';

/**
 * GoCardless Bank Account Data v2 answers (Berlin Group NextGenPSD2 fields for account data) and
 * how they become Kontor's provider types. Banks fill the optional fields very differently, so
 * everything a bank may leave out is nullish here.
 */

/** "90", 90 → 90: institutions give their day counts as strings. */
const dayCount = z.coerce.number().int().nonnegative();

export const institutionAnswer = z.object({
  id: z.string(),
  name: z.string(),
  bic: z.string().nullish(),
  logo: z.string().nullish(),
  countries: z.array(z.string()).nullish(),
  transaction_total_days: dayCount.nullish(),
  max_access_valid_for_days: dayCount.nullish(),
});
export type InstitutionAnswer = z.infer<typeof institutionAnswer>;

export const agreementAnswer = z.object({
  id: z.string(),
  created: z.string().nullish(),
  access_valid_for_days: dayCount,
  accepted: z.string().nullish(),
});

export const requisitionAnswer = z.object({
  id: z.string(),
  created: z.string().nullish(),
  status: z.string(),
  agreement: z.string().nullish(),
  accounts: z.array(z.string()).nullish(),
  link: z.string().nullish(),
});
export type RequisitionAnswer = z.infer<typeof requisitionAnswer>;

export const detailsAnswer = z.object({
  account: z.object({
    iban: z.string().nullish(),
    currency: z.string().nullish(),
    ownerName: z.string().nullish(),
    name: z.string().nullish(),
    displayName: z.string().nullish(),
    product: z.string().nullish(),
  }),
});

/** `GET accounts/{id}/` (metadata, not rate-limited by the bank): the IBAN when details lack it. */
export const metadataAnswer = z.object({ iban: z.string().nullish(), owner_name: z.string().nullish() });

const amount = z.object({ amount: z.string(), currency: z.string() });

export const balancesAnswer = z.object({
  balances: z.array(
    z.object({
      balanceAmount: amount,
      balanceType: z.string().nullish(),
      referenceDate: z.string().nullish(),
      lastChangeDateTime: z.string().nullish(),
    }),
  ),
});

const accountReference = z.object({ iban: z.string().nullish() }).nullish();
const bookedTransaction = z.object({
  transactionId: z.string().nullish(),
  internalTransactionId: z.string().nullish(),
  bookingDate: z.string().nullish(),
  bookingDateTime: z.string().nullish(),
  valueDate: z.string().nullish(),
  transactionAmount: amount,
  creditorName: z.string().nullish(),
  creditorAccount: accountReference,
  debtorName: z.string().nullish(),
  debtorAccount: accountReference,
  remittanceInformationUnstructured: z.string().nullish(),
  remittanceInformationUnstructuredArray: z.array(z.string()).nullish(),
  remittanceInformationStructured: z.string().nullish(),
  remittanceInformationStructuredArray: z.array(z.string()).nullish(),
  endToEndId: z.string().nullish(),
});
type BookedTransaction = z.infer<typeof bookedTransaction>;

export const transactionsAnswer = z.object({
  transactions: z.object({ booked: z.array(bookedTransaction).nullish() }),
});

export function toInstitution(answer: InstitutionAnswer): BankInstitution {
  return {
    id: answer.id,
    name: answer.name,
    bic: answer.bic || null,
    logoUrl: answer.logo || null,
    countries: answer.countries ?? [],
    // GoCardless's documented defaults when an institution does not say.
    transactionTotalDays: answer.transaction_total_days ?? 90,
    maxAccessValidForDays: answer.max_access_valid_for_days ?? 90,
  };
}

/**
 * Requisition statuses: CR created, GC giving consent, UA at the bank's authentication, SA
 * selecting accounts, GA granting access — all still on the way; LN linked; RJ rejected (wrong
 * credentials, failed checks) and SU suspended (too many failed attempts) end it; EX expired.
 */
export function toConsentStatus(status: string): ConsentStatus {
  if (status === 'LN') return 'granted';
  if (status === 'RJ' || status === 'SU') return 'denied';
  if (status === 'EX') return 'expired';
  return 'pending';
}

const DAY_MS = 86_400_000;

/** Access ends `access_valid_for_days` after the person accepted the agreement (or, unknown that, after it began). */
export function consentValidUntil(start: string | null | undefined, days: number): Date | null {
  const from = start ? Date.parse(start) : Number.NaN;
  return Number.isNaN(from) ? null : new Date(from + days * DAY_MS);
}

export function minorUnits(value: { amount: string; currency: string }, what: string): number {
  const units = toMinorUnits(value.amount.trim(), value.currency);
  if (units === null)
    throw new BankProviderError(`GoCardless ${what}: unreadable amount "${value.amount}"`, 'unavailable', false);
  return units;
}

/** Booked balances first (the current day's, then the last closing), then what the bank expects. */
const BALANCE_PREFERENCE = ['interimBooked', 'closingBooked', 'openingBooked', 'expected', 'interimAvailable'];

export function toAccount(
  accountId: string,
  details: z.infer<typeof detailsAnswer>['account'],
  balances: z.infer<typeof balancesAnswer>['balances'],
  metadata: z.infer<typeof metadataAnswer> | null,
): ProviderAccount {
  const iban = details.iban || metadata?.iban;
  if (!iban) throw new BankProviderError(`GoCardless account ${accountId}: no IBAN`, 'unavailable', false);
  const currency = (details.currency || balances[0]?.balanceAmount.currency || 'EUR').toUpperCase();
  const ownerName = details.ownerName || metadata?.owner_name || null;
  const candidates = balances
    .filter((item) => item.balanceAmount.currency.toUpperCase() === currency)
    .map((item) => ({ item, rank: BALANCE_PREFERENCE.indexOf(item.balanceType ?? '') }))
    .filter(({ rank }) => rank >= 0)
    .sort((a, b) => a.rank - b.rank || dateOf(b.item).localeCompare(dateOf(a.item)));
  const chosen = candidates[0]?.item;
  return {
    id: accountId,
    iban: normalizeIban(iban),
    name: details.name || details.displayName || details.product || ownerName || normalizeIban(iban),
    ownerName,
    currency,
    balance: chosen ? minorUnits(chosen.balanceAmount, `account ${accountId} balance`) : null,
    balanceDate: chosen ? dateOf(chosen) || null : null,
  };
}

function dateOf(balance: { referenceDate?: string | null; lastChangeDateTime?: string | null }): string {
  return (balance.referenceDate || balance.lastChangeDateTime || '').slice(0, 10);
}

/** Booked transactions on or after `since`; pending ones may still change and are left for a later sync. */
export function toTransactions(accountId: string, booked: readonly BookedTransaction[], since: string): ProviderTransaction[] {
  const seen = new Map<string, number>();
  const result: ProviderTransaction[] = [];
  for (const item of booked) {
    // A booked transaction without any date cannot be placed; banks of GoCardless always send one.
    const bookingDate = (item.bookingDate || item.bookingDateTime || item.valueDate || '').slice(0, 10);
    if (!bookingDate || bookingDate < since) continue;
    const amount = minorUnits(item.transactionAmount, `account ${accountId} transaction`);
    // Outgoing money went to the creditor; incoming came from the debtor.
    const [name, account] = amount < 0 ? [item.creditorName, item.creditorAccount] : [item.debtorName, item.debtorAccount];
    const counterpartyIban = account?.iban ? normalizeIban(account.iban) : null;
    result.push({
      id: item.transactionId || item.internalTransactionId || derivedId(item, seen),
      bookingDate,
      valueDate: item.valueDate?.slice(0, 10) || null,
      amount,
      currency: item.transactionAmount.currency.toUpperCase(),
      counterpartyName: name?.trim() || null,
      counterpartyIban,
      remittanceInformation: remittanceOf(item),
      endToEndId: item.endToEndId && item.endToEndId !== 'NOTPROVIDED' ? item.endToEndId : null,
    });
  }
  return result;
}

function remittanceOf(item: BookedTransaction): string | null {
  const text =
    item.remittanceInformationUnstructured ||
    item.remittanceInformationUnstructuredArray?.join(' ') ||
    item.remittanceInformationStructured ||
    item.remittanceInformationStructuredArray?.join(' ');
  return text?.trim() || null;
}

/**
 * Some banks give no transaction id at all. The id must stay the same on every sync, so it is
 * taken from the content; identical transactions on one day are told apart by their order.
 */
function derivedId(item: BookedTransaction, seen: Map<string, number>): string {
  const digest = createHash('sha256').update(JSON.stringify(item)).digest('hex').slice(0, 32);
  const occurrence = (seen.get(digest) ?? 0) + 1;
  seen.set(digest, occurrence);
  return `derived-${digest}-${occurrence}`;
}
