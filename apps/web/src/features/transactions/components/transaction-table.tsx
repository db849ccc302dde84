import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TransactionListItem } from '@kontor/domain/payments/transaction-api';
import { Checkbox } from '@/components/ui/checkbox';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { dueState, localToday, maskIban } from '../model/transaction-display';
import { AnalysisBadge, DueLabel, TransactionStatusBadge } from './transaction-badges';

export interface RowSelection {
  isSelectable: (item: TransactionListItem) => boolean;
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  /** Selects every selectable row shown, or clears them when all are selected. */
  toggleAll: (items: TransactionListItem[]) => void;
}

/** One row per payment; clicking a row (or Enter on it) opens its detail. */
export function TransactionTable({
  items,
  runPath,
  onOpen,
  selection,
}: {
  items: TransactionListItem[];
  runPath: (runId: string) => string;
  onOpen: (id: string) => void;
  selection?: RowSelection;
}) {
  const { t } = useTranslation('transactions');
  const locale = currentLocale();
  const today = localToday();
  const selectable = selection ? items.filter(selection.isSelectable) : [];
  const allSelected =
    selection !== undefined && selectable.length > 0 && selectable.every((item) => selection.isSelected(item.id));
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, id: string) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(id);
  };
  const header = (label: string, className = '') => (
    <th scope="col" className={`px-3 py-2 font-medium ${className}`}>
      {label}
    </th>
  );
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full text-sm" aria-label={t('list.label')}>
        <thead className="sticky top-0 bg-muted/60 text-left text-xs text-muted-foreground">
          <tr>
            {selection ? (
              <th scope="col" className="w-10 px-3 py-2">
                <Checkbox
                  aria-label={t('list.selectAll')}
                  checked={allSelected}
                  disabled={selectable.length === 0}
                  onCheckedChange={() => selection.toggleAll(items)}
                />
              </th>
            ) : null}
            {header(t('list.creditor'))}
            {header(t('list.iban'))}
            {header(t('list.amount'), 'text-right')}
            {header(t('list.executionDate'))}
            {header(t('list.remittance'))}
            {header(t('list.run'))}
            {header(t('list.status'))}
            {header(t('list.analysis'))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr
              key={item.id}
              data-testid="transaction-row"
              tabIndex={0}
              onClick={() => onOpen(item.id)}
              onKeyDown={(event) => onRowKey(event, item.id)}
              className="cursor-pointer border-t border-border hover:bg-muted/50 focus-visible:bg-muted/50"
            >
              {selection ? (
                <td className="px-3 py-2" onClick={(event) => event.stopPropagation()}>
                  {selection.isSelectable(item) ? (
                    <Checkbox
                      aria-label={t('list.selectRow', { name: item.creditorName })}
                      checked={selection.isSelected(item.id)}
                      onCheckedChange={() => selection.toggle(item.id)}
                    />
                  ) : null}
                </td>
              ) : null}
              <td className="max-w-56 truncate px-3 py-2 font-medium text-foreground">{item.creditorName}</td>
              <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{maskIban(item.creditorIban)}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatMoney(item.amount, item.currency)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                <div className="grid">
                  <span>{formatDate(item.requestedExecutionDate, locale)}</span>
                  <DueLabel due={dueState(item.status, item.requestedExecutionDate, today)} />
                </div>
              </td>
              <td className="max-w-64 truncate px-3 py-2">{item.remittanceInformation ?? '—'}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {item.paymentRun ? (
                  <Link
                    to={runPath(item.paymentRun.id)}
                    onClick={(event) => event.stopPropagation()}
                    className="text-primary hover:underline"
                  >
                    PR-{item.paymentRun.number}
                  </Link>
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                <TransactionStatusBadge status={item.status} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                <AnalysisBadge status={item.analysisStatus} flagCount={item.flagCount} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
