import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TransactionListItem } from '@kontor/domain/payments/transaction-api';
import { HeaderCell, ListTable, MissingValue, OpenableRow, SHRINKING_CELL } from '@/components/list-table';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { maskIban } from '@/lib/iban-display';
import { dueState, localToday } from '../model/transaction-display';
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
  return (
    <ListTable
      aria-label={t('list.label')}
      stickyHeader
      head={
        <>
          {selection ? (
            <HeaderCell className="w-10">
              <Checkbox
                aria-label={t('list.selectAll')}
                checked={allSelected}
                disabled={selectable.length === 0}
                onCheckedChange={() => selection.toggleAll(items)}
              />
            </HeaderCell>
          ) : null}
          <HeaderCell className="w-[30%]" leastWidth="min-w-36">
            {t('list.creditor')}
          </HeaderCell>
          <HeaderCell className="text-right">{t('list.amount')}</HeaderCell>
          <HeaderCell>{t('list.executionDate')}</HeaderCell>
          <HeaderCell className="w-[25%]" leastWidth="min-w-28">
            {t('list.remittance')}
          </HeaderCell>
          <HeaderCell>{t('list.run')}</HeaderCell>
          <HeaderCell>{t('list.status')}</HeaderCell>
          <HeaderCell>{t('list.analysis')}</HeaderCell>
        </>
      }
    >
      {items.map((item) => (
        <OpenableRow key={item.id} testId="transaction-row" onOpen={() => onOpen(item.id)}>
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
          {/* The IBAN under the name, as in the run's payments: a column of its own cut the analysis off at 1280 px. */}
          <td className={cn(SHRINKING_CELL, 'px-3 py-2')} title={item.creditorName}>
            <span className="block truncate font-medium text-foreground">{item.creditorName}</span>
            <span className="block font-mono text-xs text-muted-foreground">
              <span className="sr-only">{t('list.iban')} </span>
              {maskIban(item.creditorIban)}
            </span>
          </td>
          <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatMoney(item.amount, item.currency)}</td>
          <td className="px-3 py-2 whitespace-nowrap">
            <div className="grid">
              <span>{formatDate(item.requestedExecutionDate, locale)}</span>
              <DueLabel due={dueState(item.status, item.requestedExecutionDate, today)} />
            </div>
          </td>
          <td className={cn(SHRINKING_CELL, 'px-3 py-2')} title={item.remittanceInformation ?? undefined}>
            {item.remittanceInformation ?? <MissingValue />}
          </td>
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
              <MissingValue />
            )}
          </td>
          <td className="px-3 py-2 whitespace-nowrap">
            <TransactionStatusBadge status={item.status} />
          </td>
          <td className="px-3 py-2 whitespace-nowrap">
            <AnalysisBadge status={item.analysisStatus} flagCount={item.flagCount} />
          </td>
        </OpenableRow>
      ))}
    </ListTable>
  );
}
