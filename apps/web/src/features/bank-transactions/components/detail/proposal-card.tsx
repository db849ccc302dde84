import { CheckCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankMatchProposal, BankTransactionDetail } from '@kontor/domain/banking/bank-transaction-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DecimalInput } from '@/components/ui/decimal-input';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { MONEY_INPUT } from '@/lib/decimal-input';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { PartialMatchError, useMatchBankTransaction } from '../../api/match-bank-transaction';
import { lineOpenAmount, maxMatchAmount, proposalRequests } from '../../model/matching';
import { MatchReasonList, TargetLink, targetLabel } from '../matching/match-texts';

type Line = Pick<BankTransactionDetail, 'id' | 'amount' | 'matchedAmount' | 'currency'>;

/**
 * One proposal: the invoice(s) it pays with what is open of them, the amount to match (and the
 * skonto it settles), why it was proposed, and "Accept". A proposal for one invoice may be matched
 * with another amount (a partial payment), up to what both sides have open.
 */
export function ProposalCard({ proposal, line, slug }: { proposal: BankMatchProposal; line: Line; slug: string }) {
  const { t } = useTranslation('bank-transactions');
  const locale = currentLocale();
  const match = useMatchBankTransaction(line.id);
  const amountId = useId();
  const [isOtherAmount, setOtherAmount] = useState(false);
  const single = proposal.allocations.length === 1 ? proposal.allocations[0] : undefined;
  const [amount, setAmount] = useState<number | null>(single?.amount ?? null);
  const [amountError, setAmountError] = useState<string | undefined>();
  const currency = line.currency;
  const targets = proposal.allocations.map((allocation) => targetLabel(t, allocation.target)).join(', ');
  const max = single ? maxMatchAmount(lineOpenAmount(line), single.target) : 0;

  // Awaited rather than passed to mutate(): a match that settles the line unmounts this card before it answers.
  const accept = async (chosenAmount?: number) => {
    try {
      await match.mutateAsync(proposalRequests(proposal, chosenAmount));
      notifySuccess(t('detail.proposals.accepted', { targets }));
    } catch (error) {
      if (error instanceof PartialMatchError) {
        notifyError(error.failure, t('detail.proposals.partlyAccepted', { done: error.done, count: error.count }));
      } else {
        notifyError(error, t('detail.proposals.acceptFailed'));
      }
    }
  };

  const onSubmitAmount = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (amount === null || !Number.isInteger(amount) || amount <= 0 || amount > max) {
      setAmountError(t('detail.proposals.otherAmountInvalid', { max: formatMoney(max, currency) }));
      return;
    }
    setAmountError(undefined);
    void accept(amount);
  };

  return (
    <li
      className="grid gap-3 rounded-md border border-border p-3 text-sm"
      data-testid="match-proposal"
      data-exact={proposal.exact}
    >
      <ul className="grid gap-2">
        {proposal.allocations.map((allocation) => (
          <li key={allocation.target.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
            <div className="grid min-w-0 gap-0.5">
              <div className="flex flex-wrap items-baseline gap-x-2">
                <TargetLink target={allocation.target} slug={slug} />
                {allocation.target.counterpartyName ? (
                  <span className="text-muted-foreground">{allocation.target.counterpartyName}</span>
                ) : null}
              </div>
              <p className="text-xs text-muted-foreground">
                {t('detail.proposals.openOfTotal', {
                  open: formatMoney(allocation.target.openAmount, allocation.target.currency),
                  total: formatMoney(allocation.target.total, allocation.target.currency),
                })}
                {' · '}
                {allocation.target.dueDate
                  ? t('detail.proposals.due', { date: formatDate(allocation.target.dueDate, locale) })
                  : t('detail.proposals.noDueDate')}
              </p>
            </div>
            <div className="grid justify-items-end gap-0.5 text-right">
              <span className="text-xs text-muted-foreground">{t('detail.proposals.amountToMatch')}</span>
              <span className="font-medium tabular-nums" data-testid="proposal-amount">
                {formatMoney(allocation.amount, currency)}
              </span>
              {allocation.writeOff > 0 ? (
                <span className="text-xs text-muted-foreground" data-testid="proposal-skonto">
                  {t('detail.proposals.skonto', { amount: formatMoney(allocation.writeOff, currency) })}
                </span>
              ) : null}
            </div>
          </li>
        ))}
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
          aria-label={t('detail.proposals.acceptLabel', { targets })}
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
        <form noValidate onSubmit={onSubmitAmount} className="grid gap-2">
          <FormField
            id={amountId}
            label={t('detail.proposals.otherAmountLabel', { target: targetLabel(t, single.target) })}
            hint={t('detail.proposals.otherAmountHint', { max: formatMoney(max, currency) })}
            error={amountError}
          >
            <DecimalInput
              {...fieldAria(amountId, { error: amountError, hint: true })}
              kind={MONEY_INPUT}
              value={amount}
              onValueChange={(next) => {
                setAmount(next);
                setAmountError(undefined);
              }}
              className="max-w-xs text-right tabular-nums"
            />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" isLoading={match.isPending}>
              {t('detail.proposals.matchAmount')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setOtherAmount(false);
                setAmount(single.amount);
                setAmountError(undefined);
              }}
            >
              {t('detail.proposals.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}
