import { FileSearch, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BankTransactionDetail } from '@kontor/domain/banking/bank-transaction-api';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { formatMoney } from '@/lib/format';
import { useBankMatches, useMatchProposals } from '../../api/list-bank-matches';
import { lineOpenAmount } from '../../model/matching';
import { ProposalCard } from '../matching/proposal-card';
import { DetailCard } from './fact-list';
import { MatchList } from './match-list';

function Notice({ icon: Icon, title, hint }: { icon: typeof FileSearch; title: string; hint: string }) {
  return (
    <div className="flex items-start gap-3 text-sm">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div className="grid gap-0.5">
        <p className="font-medium text-foreground">{title}</p>
        <p className="text-muted-foreground">{hint}</p>
      </div>
    </div>
  );
}

/** The proposals for what of an outgoing line is still open, best first, each with "Accept". */
function Proposals({ transaction, slug }: { transaction: BankTransactionDetail; slug: string }) {
  const { t } = useTranslation('bank-transactions');
  const proposals = useMatchProposals(transaction.id, true);
  return (
    <section aria-labelledby="match-proposals-title" className="grid gap-2" data-testid="match-proposals">
      <div className="grid gap-0.5">
        <h3 id="match-proposals-title" className="text-sm font-semibold text-foreground">
          {t('detail.proposals.title')}
        </h3>
        <p className="text-xs text-muted-foreground">{t('detail.proposals.description')}</p>
      </div>
      {proposals.isPending ? (
        <LoadingState label={t('detail.proposals.loading')} className="py-6" />
      ) : proposals.isError ? (
        <ErrorState
          title={t('detail.proposals.loadFailed')}
          error={proposals.error}
          onRetry={() => void proposals.refetch()}
          isRetrying={proposals.isFetching}
          className="py-6"
        />
      ) : proposals.data.length === 0 ? (
        <Notice icon={SearchX} title={t('detail.proposals.empty')} hint={t('detail.proposals.emptyHint')} />
      ) : (
        <ul aria-label={t('detail.proposals.listLabel')} className="grid gap-2">
          {proposals.data.map((proposal) => (
            <ProposalCard
              key={proposal.allocations.map((allocation) => allocation.target.id).join('+')}
              proposal={proposal}
              side="line"
              line={transaction}
              slug={slug}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Matching (issue 62): what the line was matched with, each with "Undo match", and while
 * something of an outgoing line is open the proposals to accept. Incoming lines wait for receivables.
 */
export function MatchingSection({ transaction, slug }: { transaction: BankTransactionDetail; slug: string }) {
  const { t } = useTranslation('bank-transactions');
  const matches = useBankMatches(transaction.id);
  const open = lineOpenAmount(transaction);
  const isOutgoing = transaction.direction === 'outgoing';
  return (
    <DetailCard title={t('detail.matched.title')} testId="matched-invoices" className="lg:col-span-2">
      {transaction.matchedAmount > 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="matching-summary">
          {t('detail.matched.summary', {
            matched: formatMoney(transaction.matchedAmount, transaction.currency),
            amount: formatMoney(transaction.amount, transaction.currency),
            open: formatMoney(open, transaction.currency),
          })}
        </p>
      ) : null}
      {matches.isPending ? (
        <LoadingState label={t('detail.matched.loading')} className="py-6" />
      ) : matches.isError ? (
        <ErrorState
          title={t('detail.matched.loadFailed')}
          error={matches.error}
          onRetry={() => void matches.refetch()}
          isRetrying={matches.isFetching}
          className="py-6"
        />
      ) : matches.data.length === 0 ? (
        <Notice icon={FileSearch} title={t('detail.matched.empty')} hint={t('detail.matched.emptyHint')} />
      ) : (
        <MatchList matches={matches.data} slug={slug} />
      )}
      {!isOutgoing ? (
        <p className="text-sm text-muted-foreground" data-testid="matching-incoming">
          {t('detail.matched.incoming')}
        </p>
      ) : open > 0 ? (
        <Proposals transaction={transaction} slug={slug} />
      ) : null}
    </DetailCard>
  );
}
