import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { useTransactionTotals } from '../api/transactions-api';
import { LIST_VIEWS, toListRequest, type ListView, type TransactionListFilters } from '../model/list-filters';

/** One tab: the view's name and, once known, how many payments match and their sum. */
function ViewTab({
  view,
  filters,
  isActive,
  onSelect,
}: {
  view: ListView;
  filters: TransactionListFilters;
  isActive: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('transactions');
  const totals = useTransactionTotals(toListRequest(filters, view));
  return (
    <button
      type="button"
      role="tab"
      aria-selected={isActive}
      data-testid={`transactions-view-${view}`}
      onClick={onSelect}
      className={cn(
        '-mb-px grid border-b-2 border-transparent px-3 py-2 text-left text-sm font-medium whitespace-nowrap text-muted-foreground',
        'hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
        isActive && 'border-primary text-primary',
      )}
    >
      <span>{t(`views.${view}`)}</span>
      <span className="text-xs font-normal tabular-nums" aria-live="polite">
        {totals.data ? t('totals', { count: totals.data.count, amount: formatMoney(totals.data.amount) }) : '\u00a0'}
      </span>
    </button>
  );
}

/** Open / in a run / exported / all, each with its count and total under the current filters. */
export function TransactionViewTabs({
  filters,
  onSelect,
}: {
  filters: TransactionListFilters;
  onSelect: (view: ListView) => void;
}) {
  const { t } = useTranslation('transactions');
  return (
    <div role="tablist" aria-label={t('views.label')} className="mb-4 flex gap-1 overflow-x-auto border-b border-border">
      {LIST_VIEWS.map((view) => (
        <ViewTab key={view} view={view} filters={filters} isActive={filters.view === view} onSelect={() => onSelect(view)} />
      ))}
    </div>
  );
}
