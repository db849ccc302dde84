import { CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankMatchProposal, BankTransactionDetail } from '@kontor/domain/banking/bank-transaction-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { currentLocale } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { PartialMatchError, useMatchBankTransaction } from '../../api/match-bank-transaction';
import { lineOpenAmount, maxMatchAmount, proposalRequests } from '../../model/matching';
import { MatchReasonList } from './match-texts';
import { OtherAmountForm } from './other-amount-form';
import { ProposalLinePart, ProposalTargetPart } from './proposal-parts';
import { proposalTexts } from './proposal-texts';

type Line = Pick<BankTransactionDetail, 'id' | 'amount' | 'matchedAmount' | 'currency'>;

/** On the bank transaction (`line`: the line shown), or on the invoice. */
type ProposalCardProps = { proposal: BankMatchProposal; slug: string } & ({ side: 'line'; line: Line } | { side: 'invoice' });

/**
 * One proposal: what it would match with, on the bank transaction the invoice(s) with what is
 * open of them, on the invoice the bank line(s); the amount to match (and the skonto it settles),
 * why it was proposed, and "Accept". A one-part proposal may be matched with another amount (a
 * partial payment), up to what both sides have open.
 */
export function ProposalCard(props: ProposalCardProps) {
  const { proposal, slug } = props;
  const { t } = useTranslation('bank-transactions');
  const match = useMatchBankTransaction();
  const [isOtherAmount, setOtherAmount] = useState(false);
  const lines = new Map(proposal.lines.map((line) => [line.id, line]));
  const single = proposal.allocations.length === 1 ? proposal.allocations[0] : undefined;
  // Every amount of a proposal is in its lines' currency (a match never mixes currencies).
  const currency = props.side === 'line' ? props.line.currency : (proposal.lines[0]?.currency ?? 'EUR');
  const lineOpen = props.side === 'line' ? lineOpenAmount(props.line) : (lines.get(single?.lineId ?? '')?.openAmount ?? 0);
  const max = single ? maxMatchAmount(lineOpen, single.target) : 0;
  const texts = proposalTexts(t, currentLocale(), proposal, props.side);

  // Awaited rather than passed to mutate(): a match that settles the line (or the invoice) unmounts this card before it answers.
  const accept = async (chosenAmount?: number) => {
    try {
      await match.mutateAsync(proposalRequests(proposal, chosenAmount));
      notifySuccess(texts.accepted);
    } catch (error) {
      if (error instanceof PartialMatchError) {
        notifyError(error.failure, texts.partlyAccepted(error.done, error.count));
      } else {
        notifyError(error, t('detail.proposals.acceptFailed'));
      }
    }
  };

  return (
    <li
      className="grid gap-3 rounded-md border border-border p-3 text-sm"
      data-testid="match-proposal"
      data-exact={proposal.exact}
    >
      <ul className="grid gap-2">
        {proposal.allocations.map((allocation) => {
          const key = `${allocation.lineId}:${allocation.target.id}`;
          if (props.side === 'line') {
            return <ProposalTargetPart key={key} allocation={allocation} currency={currency} slug={slug} />;
          }
          const line = lines.get(allocation.lineId);
          return line ? <ProposalLinePart key={key} allocation={allocation} line={line} slug={slug} /> : null;
        })}
      </ul>
      <div className="grid gap-1">
        {proposal.exact ? (
          <Badge
            tone="success"
            className="justify-self-start"
            title={t('detail.proposals.exactHint')}
            data-testid="proposal-exact"
          >
            <CheckCheck aria-hidden="true" className="size-3" />
            {t('detail.proposals.exact')}
            <span className="sr-only">: {t('detail.proposals.exactHint')}</span>
          </Badge>
        ) : null}
        <MatchReasonList
          reasons={proposal.reasons}
          currency={currency}
          targetKind={proposal.allocations[0]?.target.kind ?? 'invoice'}
          label={t('detail.proposals.reasonsLabel')}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          onClick={() => void accept()}
          isLoading={match.isPending && !isOtherAmount}
          disabled={match.isPending}
          aria-label={texts.acceptLabel}
        >
          {t('detail.proposals.accept')}
        </Button>
        {single && !isOtherAmount ? (
          <Button variant="ghost" size="sm" onClick={() => setOtherAmount(true)} disabled={match.isPending}>
            {t('detail.proposals.otherAmount')}
          </Button>
        ) : null}
      </div>
      {single && isOtherAmount ? (
        <OtherAmountForm
          label={texts.otherAmountLabel}
          proposed={single.amount}
          max={max}
          currency={currency}
          isPending={match.isPending}
          onSubmit={(amount) => void accept(amount)}
          onCancel={() => setOtherAmount(false)}
        />
      ) : null}
    </li>
  );
}
