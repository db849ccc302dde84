import type { TFunction } from 'i18next';
import type { Locale } from '@kontor/domain/auth';
import type { BankMatchProposal } from '@kontor/domain/banking/bank-transaction-api';
import { formatDate } from '@/lib/format';
import { targetLabel } from './match-texts';

/**
 * Where a proposal is shown: on its bank transaction, naming the invoices (or payments) it pays,
 * or on the invoice, naming the bank lines that pay it.
 */
export type ProposalSide = 'line' | 'invoice';

export interface ProposalTexts {
  acceptLabel: string;
  accepted: string;
  partlyAccepted: (done: number, count: number) => string;
  /** The other amount's label (a one-part proposal). */
  otherAmountLabel: string;
}

/** The sentences of accepting a proposal, naming what it is matched with as seen from `side`. */
export function proposalTexts(
  t: TFunction<'bank-transactions'>,
  locale: Locale,
  proposal: BankMatchProposal,
  side: ProposalSide,
): ProposalTexts {
  if (side === 'line') {
    const targets = proposal.allocations.map((allocation) => targetLabel(t, allocation.target)).join(', ');
    const single = proposal.allocations[0];
    return {
      acceptLabel: t('detail.proposals.acceptLabel', { targets }),
      accepted: t('detail.proposals.accepted', { targets }),
      partlyAccepted: (done, count) => t('detail.proposals.partlyAccepted', { done, count }),
      otherAmountLabel: single ? t('detail.proposals.otherAmountLabel', { target: targetLabel(t, single.target) }) : '',
    };
  }
  const dates = proposal.lines.map((line) => formatDate(line.bookingDate, locale)).join(', ');
  return {
    acceptLabel: t('invoicePayments.proposals.acceptLabel', { dates }),
    accepted: t('invoicePayments.proposals.accepted', { dates }),
    partlyAccepted: (done, count) => t('invoicePayments.proposals.partlyAccepted', { done, count }),
    otherAmountLabel: t('invoicePayments.proposals.otherAmountLabel', { dates }),
  };
}
