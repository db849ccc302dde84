import type { Locale } from '@kontor/domain/auth';
import type {
  BankMatchProposal,
  BankTransactionDetail,
  CreateBankMatchBody,
  MatchTargetView,
} from '@kontor/domain/banking/bank-transaction-api';
import { formatIban } from '@kontor/domain/iban';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import type { InvoiceStatus } from '@kontor/domain/invoices/invoice-status';
import { formatDate, formatMoney, formatPercent } from '@/lib/format';

type Reason = BankMatchProposal['reasons'][number];

/** The keys of the reason texts (bank-transactions: reasons.*); plural ones without their suffix. */
export type ReasonKey =
  | 'reasons.reference_found_invoice'
  | 'reasons.reference_found_payment'
  | 'reasons.reference_similar'
  | 'reasons.end_to_end_id_equal'
  | 'reasons.iban_known'
  | 'reasons.iban_differs'
  | 'reasons.amount_equal'
  | 'reasons.amount_net_of_skonto'
  | 'reasons.skonto_expired'
  | 'reasons.amount_within_tolerance'
  | 'reasons.amount_partial'
  | 'reasons.amount_exceeds'
  | 'reasons.amounts_sum'
  | 'reasons.name_similar'
  | 'reasons.date_in_window'
  | 'reasons.date_outside_window'
  | 'reasons.ambiguous'
  | 'reasons.other';

export interface ReasonText {
  key: ReasonKey;
  values: Record<string, string | number>;
}

export interface ReasonContext {
  /** The line's currency: every amount of a reason is in it (a match never mixes currencies). */
  currency: string;
  locale: Locale;
  /** What the proposal pays: an invoice's number reads "invoice number", a payment's "reference". */
  targetKind: MatchTargetView['kind'];
}

const text = (params: Reason['params'], name: string): string => String(params[name] ?? '');
const number = (params: Reason['params'], name: string): number => Number(params[name] ?? 0);

/**
 * One of the engine's reasons (packages/domain matching/types.ts MatchReason) as a translation
 * key with its values: amounts (minor units) as money, dates and shares in the interface language.
 * A code the web does not know yet is still shown, by its code.
 */
export function matchReasonText({ code, params }: Reason, { currency, locale, targetKind }: ReasonContext): ReasonText {
  const money = (name: string) => formatMoney(number(params, name), currency);
  switch (code) {
    case 'reference_found':
      return {
        key: targetKind === 'payment' ? 'reasons.reference_found_payment' : 'reasons.reference_found_invoice',
        values: { reference: text(params, 'reference') },
      };
    case 'reference_similar':
      return { key: 'reasons.reference_similar', values: { reference: text(params, 'reference'), found: text(params, 'found') } };
    case 'end_to_end_id_equal':
      return { key: 'reasons.end_to_end_id_equal', values: { endToEndId: text(params, 'endToEndId') } };
    case 'iban_known':
    case 'iban_differs':
      return { key: `reasons.${code}`, values: { iban: formatIban(text(params, 'iban')) } };
    case 'amount_equal':
      return { key: 'reasons.amount_equal', values: { amount: money('amount') } };
    case 'amount_net_of_skonto':
      return { key: 'reasons.amount_net_of_skonto', values: { amount: money('amount'), skonto: money('skonto') } };
    case 'skonto_expired': {
      const until = text(params, 'until');
      return { key: 'reasons.skonto_expired', values: { until: until ? formatDate(until, locale) : '?' } };
    }
    case 'amount_within_tolerance':
      // The sign says which side is larger; the sentence only says by how much.
      return {
        key: 'reasons.amount_within_tolerance',
        values: { difference: formatMoney(Math.abs(number(params, 'difference')), currency) },
      };
    case 'amount_partial':
    case 'amount_exceeds':
      return { key: `reasons.${code}`, values: { rest: money('rest') } };
    case 'amounts_sum':
      return { key: 'reasons.amounts_sum', values: { count: number(params, 'count'), total: money('total') } };
    case 'name_similar':
      return { key: 'reasons.name_similar', values: { percent: formatPercent(number(params, 'score'), locale) } };
    case 'date_in_window':
      return { key: 'reasons.date_in_window', values: {} };
    case 'date_outside_window':
      return { key: 'reasons.date_outside_window', values: { count: number(params, 'days') } };
    case 'ambiguous':
      return { key: 'reasons.ambiguous', values: { count: number(params, 'others') } };
    default:
      return { key: 'reasons.other', values: { code } };
  }
}

/** What of the line is still to be matched (minor units, never below 0). */
export function lineOpenAmount(line: Pick<BankTransactionDetail, 'amount' | 'matchedAmount'>): number {
  return Math.max(0, line.amount - line.matchedAmount);
}

/** Invoice statuses no bank line is proposed for (the server's candidates leave them out). */
const CLOSED_INVOICE_STATUSES: ReadonlySet<InvoiceStatus> = new Set(['rejected', 'cancelled', 'archived']);

/**
 * Whether bank lines are proposed for an invoice: an invoice (not a credit note or reminder),
 * neither closed nor fully matched, with something of its total still open.
 */
export function invoiceTakesProposals(
  invoice: Pick<Invoice, 'type' | 'status' | 'matchingStatus' | 'totalAmount' | 'matchedAmount'>,
): boolean {
  return (
    invoice.type === 'invoice' &&
    !CLOSED_INVOICE_STATUSES.has(invoice.status) &&
    invoice.matchingStatus !== 'fully_matched' &&
    (invoice.totalAmount ?? 0) > invoice.matchedAmount
  );
}

/** The most a part may match: neither more than the line has open nor more than the target has open. */
export function maxMatchAmount(lineOpen: number, target: Pick<MatchTargetView, 'openAmount'>): number {
  return Math.max(0, Math.min(lineOpen, target.openAmount));
}

/** The reasons that are about the amount: they no longer hold once a person chose another amount. */
const AMOUNT_REASONS = new Set([
  'amount_equal',
  'amount_net_of_skonto',
  'skonto_expired',
  'amount_within_tolerance',
  'amount_partial',
  'amount_exceeds',
  'amounts_sum',
]);

/** As many reasons as a match stores (createBankMatchBodySchema). */
const MAX_REASONS = 20;

/** One POST of accepting a proposal: the line it goes to, and the invoice it concerns (to refresh afterwards). */
export interface MatchRequest extends CreateBankMatchBody {
  lineId: string;
  invoiceId: string | null;
}

/**
 * The requests that accept a proposal: one per part, in order. With `amount` (a single part, a
 * person's other amount) that amount is matched; its skonto only when it is the proposed amount,
 * and the reasons that spoke of the proposed amount are left out.
 */
export function proposalRequests(proposal: BankMatchProposal, amount?: number): MatchRequest[] {
  return proposal.allocations.map((allocation) => {
    const isOtherAmount = amount !== undefined && amount !== allocation.amount;
    return {
      lineId: allocation.lineId,
      target: { kind: allocation.target.kind, id: allocation.target.id },
      amount: isOtherAmount ? amount : allocation.amount,
      writeOff: isOtherAmount ? 0 : allocation.writeOff,
      reasons: (isOtherAmount ? proposal.reasons.filter((reason) => !AMOUNT_REASONS.has(reason.code)) : proposal.reasons).slice(
        0,
        MAX_REASONS,
      ),
      invoiceId: allocation.target.invoiceId,
    };
  });
}
