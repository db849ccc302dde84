import { Archive, SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransactionListItem } from '@kontor/domain/payments/transaction-api';
import { PagedListBody } from '@/components/paged-list-body';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { hasErrorCode } from '@/lib/api-error';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useTransactionList, useTransactionMutations } from '../../api/transactions-api';
import { MAX_SEARCH_LENGTH } from '../../model/list-filters';
import { maskIban } from '../../model/transaction-display';
import { TransactionStatusBadge } from '../transaction-badges';
import { TransactionDetailPanel } from '../detail/transaction-detail-panel';
import { useOpenTransaction, useTransactionFilters } from '../use-transaction-filters';

/** The archive's transactions tab (SPEC §2): archived and cancelled payments, each with "Reactivate". */
export function ArchivedTransactions() {
  // The validation namespace too: the forms and dialogs below show rule codes as sentences from it.
  const { t } = useTranslation(['transactions', 'validation']);
  const locale = currentLocale();
  const { filters, updateFilters } = useTransactionFilters();
  const { openId, open } = useOpenTransaction();
  const search = filters.search.trim();
  const request = useMemo(() => ({ view: 'archived', ...(search ? { search } : {}), order: 'desc' }), [search]);
  const list = useTransactionList(request);
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const { act, reload } = useTransactionMutations();

  const reactivate = (item: TransactionListItem) =>
    act.mutate(
      { id: item.id, version: item.version, action: { kind: 'reactivate' } },
      {
        onSuccess: () => notifySuccess(t('archive.reactivated', { name: item.creditorName })),
        onError: (error) => {
          if (hasErrorCode(error, 'stale_version')) void reload(item.id);
          notifyError(error, t('archive.reactivateFailed'));
        },
      },
    );

  const empty = search ? (
    <EmptyState icon={SearchX} title={t('list.noMatches.title')} description={t('list.noMatches.description')} />
  ) : (
    <EmptyState icon={Archive} title={t('archive.emptyTitle')} description={t('archive.emptyDescription')} />
  );

  const header = (label: string, className = '') => (
    <th scope="col" className={`px-3 py-2 font-medium ${className}`}>
      {label}
    </th>
  );

  return (
    <>
      <div className="mb-4">
        <SearchField
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          maxLength={MAX_SEARCH_LENGTH}
          value={filters.search}
          onCommit={(value) => updateFilters({ search: value })}
        />
      </div>
      <PagedListBody
        list={list}
        itemCount={items.length}
        skeletonColumns={7}
        empty={empty}
        texts={{
          loadFailed: t('list.loadFailed'),
          loadMoreFailed: t('list.loadMoreFailed'),
          loadMore: t('list.loadMore'),
          shown: t('list.shown', { count: items.length }),
        }}
      >
        <div className="overflow-x-auto rounded-lg border border-border bg-surface">
          <table className="w-full text-sm" aria-label={t('list.label')}>
            <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
              <tr>
                {header(t('list.creditor'))}
                {header(t('list.iban'))}
                {header(t('list.amount'), 'text-right')}
                {header(t('list.executionDate'))}
                {header(t('list.status'))}
                {header(t('archive.archivedAt'))}
                {header('', 'w-32')}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-testid="archived-transaction-row" className="border-t border-border">
                  <td className="max-w-56 truncate px-3 py-2 font-medium">
                    <button type="button" className="text-left hover:underline" onClick={() => open(item.id)}>
                      {item.creditorName}
                    </button>
                  </td>
                  <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{maskIban(item.creditorIban)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                    {formatMoney(item.amount, item.currency)}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDate(item.requestedExecutionDate, locale)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <TransactionStatusBadge status={item.status} />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{item.archivedAt ? formatDate(item.archivedAt, locale) : '—'}</td>
                  <td className="px-3 py-2 text-right">
                    <Button
                      size="sm"
                      variant="outline"
                      isLoading={act.isPending && act.variables.id === item.id}
                      onClick={() => reactivate(item)}
                    >
                      {t('actions.reactivate')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </PagedListBody>
      <TransactionDetailPanel id={openId} onClose={() => open(null)} />
    </>
  );
}
