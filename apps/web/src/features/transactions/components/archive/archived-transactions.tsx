import { Archive, SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransactionListItem } from '@kontor/domain/payments/transaction-api';
import { HeaderCell, ListTable, MissingValue } from '@/components/list-table';
import { PagedListBody, pagedListTexts } from '@/components/paged-list-body';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { hasErrorCode } from '@/lib/api-error';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { usePagedItems } from '@/lib/use-paged-items';
import { useTransactionList, useTransactionMutations } from '../../api/transactions-api';
import { maskIban } from '@/lib/iban-display';
import { TransactionStatusBadge } from '../transaction-badges';
import { TransactionSearchField } from '../transaction-toolbar';
import { TransactionDetailPanel } from '../detail/transaction-detail-panel';
import { useOpenTransaction, useTransactionFilters } from '../use-transaction-filters';

/** The archive's transactions tab (SPEC §2): archived and cancelled payments, each with "Reactivate". */
export function ArchivedTransactions() {
  // The validation namespace too: the forms and dialogs below show rule codes as sentences from it.
  const { t } = useTranslation(['transactions', 'validation']);
  const { t: tList } = useTranslation('transactions', { keyPrefix: 'list' });
  const locale = currentLocale();
  const { filters, updateFilters } = useTransactionFilters();
  const { openId, open } = useOpenTransaction();
  const search = filters.search.trim();
  const request = useMemo(() => ({ view: 'archived', ...(search ? { search } : {}), order: 'desc' }), [search]);
  const list = useTransactionList(request);
  const items = usePagedItems(list.data);
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

  return (
    <>
      <div className="mb-4">
        <TransactionSearchField value={filters.search} onCommit={(search) => updateFilters({ search })} />
      </div>
      <PagedListBody
        list={list}
        itemCount={items.length}
        skeletonColumns={7}
        empty={empty}
        texts={pagedListTexts(tList, items.length)}
      >
        <ListTable
          aria-label={t('list.label')}
          head={
            <>
              <HeaderCell>{t('list.creditor')}</HeaderCell>
              <HeaderCell>{t('list.iban')}</HeaderCell>
              <HeaderCell className="text-right">{t('list.amount')}</HeaderCell>
              <HeaderCell>{t('list.executionDate')}</HeaderCell>
              <HeaderCell>{t('list.status')}</HeaderCell>
              <HeaderCell>{t('archive.archivedAt')}</HeaderCell>
              <HeaderCell className="w-32" />
            </>
          }
        >
          {items.map((item) => (
            <tr key={item.id} data-testid="archived-transaction-row" className="border-t border-border">
              <td className="max-w-56 truncate px-3 py-2 font-medium">
                <button type="button" className="text-left hover:underline" onClick={() => open(item.id)}>
                  {item.creditorName}
                </button>
              </td>
              <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{maskIban(item.creditorIban)}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatMoney(item.amount, item.currency)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDate(item.requestedExecutionDate, locale)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                <TransactionStatusBadge status={item.status} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                {item.archivedAt ? formatDate(item.archivedAt, locale) : <MissingValue />}
              </td>
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
        </ListTable>
      </PagedListBody>
      <TransactionDetailPanel id={openId} onClose={() => open(null)} />
    </>
  );
}
