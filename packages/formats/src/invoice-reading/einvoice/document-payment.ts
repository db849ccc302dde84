/**
 * What the document says about how it is to be paid (issue 50): the kind of its payment means,
 * the account it names (kept as written, even when its checksum fails, so a broken IBAN is shown
 * rather than dropped) and the account to pay to (`iban`, only a valid one of a transfer-like
 * means, unchanged from before). Pure: works on the verbatim values of any syntax.
 */
import type { DocumentAccount, PaymentMeansKind } from '@kontor/domain';
import { compactIban, isPayeeAccountMeans, looksLikeIban, normaliseBic, normaliseIban } from './payment';
import type { RawInvoice, RawPaymentMeans } from './raw';

/** UNCL 4461: SEPA and plain direct debit; the named account is the buyer's. */
const DIRECT_DEBIT = new Set(['49', '59']);
/** UNCL 4461: bank, credit and debit card. */
const CARD = new Set(['48', '54', '55']);
/**
 * UNCL 4461 codes by which the buyer pays into the seller's (or payee's) account: credit
 * transfers (30, 58, ACH and book-entry credits, urgent payments), payment to a bank account
 * (42), giro (50, 56, 93–95), standing agreement (57), online payment service (68), and the
 * unspecified ones (1 "not defined", ZZZ "mutually defined") that in practice mean a transfer.
 * 31 "debit transfer" is what many senders write for a transfer the buyer initiates.
 * Everything else (cash, cheques, bills, promissory notes, ACH debits, clearing) is 'other':
 * Kontor proposes no payment for it.
 */
const TRANSFER = new Set('1 2 6 13 15 17 19 28 30 31 32 35 37 39 41 42 45 50 52 53 56 57 58 68 93 94 95 ZZZ'.split(' '));

export function paymentMeansKind(typeCode: string | null): PaymentMeansKind | null {
  const code = typeCode?.trim().toUpperCase();
  if (!code) return null;
  if (DIRECT_DEBIT.has(code)) return 'direct_debit';
  if (CARD.has(code)) return 'card';
  return TRANSFER.has(code) ? 'transfer' : 'other';
}

export interface DocumentPayment {
  /** Kind of the first payment means that states a type code. */
  means: PaymentMeansKind | null;
  /** The account to pay to: valid IBAN of a transfer-like means, and its BIC. */
  iban: string | null;
  bic: string | null;
  account: DocumentAccount | null;
}

/** BT-84 of a means: the IBAN field, else a proprietary id that is written like an IBAN. */
function payeeAccountOf(means: RawPaymentMeans): string | null {
  if (looksLikeIban(means.account)) return means.account;
  return looksLikeIban(means.proprietaryAccount) ? means.proprietaryAccount : null;
}

function account(raw: string, bic: string | null, role: DocumentAccount['role']): DocumentAccount {
  return { iban: compactIban(raw), isValid: normaliseIban(raw) !== null, bic: normaliseBic(bic), role };
}

export function documentPayment(raw: RawInvoice): DocumentPayment {
  const means = paymentMeansKind(raw.paymentMeans.find((m) => m.typeCode?.trim())?.typeCode ?? null);
  // Unchanged rule for the account to pay to: the first valid IBAN field of a transfer-like means.
  const paying = raw.paymentMeans.find((m) => isPayeeAccountMeans(m.typeCode) && normaliseIban(m.account) !== null);
  const iban = normaliseIban(paying?.account);
  const bic = normaliseBic(paying?.bic);
  // With a payee (BG-10) BT-84 is the payee's account, else the seller's.
  const role = raw.payee ? 'payee' : 'seller';
  // The named account follows the paid one so the two never disagree; without a valid one it is
  // the first transfer account as written, then the direct-debit account to be debited (BT-91).
  const transfer = paying ?? raw.paymentMeans.find((m) => isPayeeAccountMeans(m.typeCode) && payeeAccountOf(m) !== null);
  const transferAccount = transfer ? payeeAccountOf(transfer) : null;
  if (transfer && transferAccount) return { means, iban, bic, account: account(transferAccount, transfer.bic, role) };
  const debit = raw.paymentMeans.find((m) => paymentMeansKind(m.typeCode) === 'direct_debit' && looksLikeIban(m.debitedAccount));
  const debited = debit?.debitedAccount ? account(debit.debitedAccount, debit.debitedBic, 'debited') : null;
  return { means, iban, bic, account: debited };
}
