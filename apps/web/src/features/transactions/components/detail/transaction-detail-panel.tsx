import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '@kontor/domain/payments/transaction-api';
import { canJoinPaymentRun } from '@kontor/domain/payments/transaction-status';
import { RecordQueryView } from '@/components/record-states';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useSession } from '@/lib/session-context';
import { useTransaction } from '../../api/transactions-api';
import { TransactionStatusBadge } from '../transaction-badges';
import { AnalysisPanel } from './analysis-panel';
import { NotesEditor } from './notes-editor';
import { TransactionActions } from './transaction-actions';
import { TransactionFacts } from './transaction-facts';

/** Actions another feature supplies for a payment that can join a payment run (the app layer joins them). */
export type RenderTransactionDetailActions = (transaction: Transaction) => ReactNode;

interface TransactionDetailPanelProps {
  id: string | null;
  onClose: () => void;
  renderActions?: RenderTransactionDetailActions;
}

/**
 * One payment in a panel at the right edge over its list (`?id=` keeps it linkable), like the
 * invoice list keeps its place: closing returns to the same rows, filters and scroll position.
 */
export function TransactionDetailPanel({ id, onClose, renderActions }: TransactionDetailPanelProps) {
  const { t } = useTranslation('transactions');
  const session = useSession();
  const query = useTransaction(id);
  const name = query.data?.creditor.name ?? '';
  return (
    <Dialog open={id !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        aria-label={t('detail.label')}
        data-testid="transaction-detail"
        className="top-0 right-0 left-auto h-full max-h-screen w-full max-w-2xl translate-x-0 translate-y-0 content-start rounded-none"
      >
        <DialogHeader>
          <div className="flex flex-wrap items-center gap-2">
            <DialogTitle>{query.data ? t('detail.title', { name }) : t('detail.label')}</DialogTitle>
            {query.data ? <TransactionStatusBadge status={query.data.status} /> : null}
          </div>
          <DialogDescription className="sr-only">{t('detail.label')}</DialogDescription>
        </DialogHeader>
        {id ? (
          <RecordQueryView
            query={query}
            loadingLabel={t('detail.loading')}
            loadFailedTitle={t('detail.loadFailed')}
            notFound={{ title: t('detail.notFoundTitle'), description: t('detail.notFoundDescription'), headingLevel: 3 }}
            back={{ to: `/${session.organization.slug}/transactions`, label: t('detail.back') }}
          >
            {(transaction) => (
              <div className="grid gap-5">
                <div className="flex flex-wrap items-start gap-2">
                  {canJoinPaymentRun(transaction.status, transaction.paymentRun?.id ?? null)
                    ? renderActions?.(transaction)
                    : null}
                  <TransactionActions transaction={transaction} />
                </div>
                <AnalysisPanel transaction={transaction} />
                <TransactionFacts transaction={transaction} slug={session.organization.slug} />
                <NotesEditor key={transaction.id} transaction={transaction} />
              </div>
            )}
          </RecordQueryView>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
