import { Banknote, SearchX, ShieldOff } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedListBody, pagedListTexts } from '@/components/paged-list-body';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { isApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session-context';
import { usePagedItems } from '@/lib/use-paged-items';
import { useTransactionList } from '../api/transactions-api';
import { hasActiveFilters, toListRequest } from '../model/list-filters';
import { BankFileImportButton } from './import/bank-file-import-dialog';
import { NewTransactionButton } from './create/new-transaction-dialog';
import { TransactionDetailPanel, type RenderTransactionDetailActions } from './detail/transaction-detail-panel';
import { TransactionTable } from './transaction-table';
import { TransactionToolbar } from './transaction-toolbar';
import { TransactionViewTabs } from './transaction-view-tabs';
import { useOpenTransaction, useTransactionFilters } from './use-transaction-filters';
import { useTransactionSelection } from './use-transaction-selection';

/** /{slug}/transactions (SPEC §9, issue 7 item 2): views, search, filters, keyset pages, selection → payment run. */
export interface TransactionListScreenProps {
  /** Actions for the selected payments (the app puts "create payment run" here: features do not import each other). */
  renderSelectionActions?: (transactionIds: string[], clearSelection: () => void) => ReactNode;
  /** Actions on the open payment's detail when it can join a run (the app puts "add to payment run" here). */
  renderDetailActions?: RenderTransactionDetailActions;
}

export function TransactionListScreen({ renderSelectionActions, renderDetailActions }: TransactionListScreenProps) {
  // Loaded up front with the screen: the forms show rule codes as sentences from `validation`, and the
  // payment-run button of the selection bar would otherwise suspend the list on the first tick.
  const { t } = useTranslation(['transactions', 'validation', 'payment-runs']);
  const { t: tList } = useTranslation('transactions', { keyPrefix: 'list' });
  const session = useSession();
  const slug = session.organization.slug;
  const { filters, updateFilters } = useTransactionFilters();
  const { openId, open } = useOpenTransaction();
  const request = useMemo(() => toListRequest(filters), [filters]);
  const list = useTransactionList(request);
  const items = usePagedItems(list.data);
  const { selectedIds, selection, clear } = useTransactionSelection(items);

  // The guard keeps users without payment_runs:manage out; this covers a permission taken away meanwhile.
  const isForbidden = isApiError(list.error) && list.error.status === 403;
  const empty = isForbidden ? (
    <EmptyState icon={ShieldOff} title={t('list.noPermission.title')} description={t('list.noPermission.description')} />
  ) : hasActiveFilters(filters) ? (
    <EmptyState icon={SearchX} title={t('list.noMatches.title')} description={t('list.noMatches.description')} />
  ) : (
    <EmptyState icon={Banknote} title={t('list.empty.title')} description={t('list.empty.description')} />
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <BankFileImportButton kind="trusted_history" />
            <BankFileImportButton kind="transactions" />
            <NewTransactionButton onCreated={(created) => open(created.id)} />
          </>
        }
      />
      <TransactionViewTabs filters={filters} onSelect={(view) => updateFilters({ view })} />
      <TransactionToolbar filters={filters} onChange={updateFilters} />
      {selectedIds.length > 0 ? (
        <div
          role="region"
          aria-label={t('list.selection', { count: selectedIds.length })}
          className="sticky top-0 z-10 mb-3 flex flex-wrap items-center gap-3 rounded-md border border-primary/30 bg-primary-background px-4 py-2 text-sm"
        >
          <span className="font-medium text-primary">{t('list.selection', { count: selectedIds.length })}</span>
          {renderSelectionActions?.(selectedIds, clear)}
          <Button variant="ghost" size="sm" onClick={clear}>
            {t('list.clearSelection')}
          </Button>
        </div>
      ) : null}
      {isForbidden ? (
        empty
      ) : (
        <PagedListBody
          list={list}
          itemCount={items.length}
          skeletonColumns={9}
          empty={empty}
          texts={pagedListTexts(tList, items.length)}
        >
          <TransactionTable
            items={items}
            runPath={(runId) => `/${slug}/pr/${runId}`}
            onOpen={(id) => open(id)}
            selection={selection}
          />
        </PagedListBody>
      )}
      <TransactionDetailPanel id={openId} onClose={() => open(null)} renderActions={renderDetailActions} />
    </>
  );
}
