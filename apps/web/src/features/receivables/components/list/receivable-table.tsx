import { useTranslation } from 'react-i18next';
import type { ArInvoiceListItem } from '@kontor/domain/receivables/receivable-view';
import { HeaderCell, ListTable, MissingValue, OpenableRow, SHRINKING_CELL } from '@/components/list-table';
import { cn } from '@/lib/cn';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import type { ReceivableListFilters, ReceivableSort } from '../../model/list-filters';
import { openAmountOf } from '../../model/receivable-display';
import { DueLabel, ReceivableStatusBadge } from '../receivable-badges';
import { SortHeader } from '@/components/sort-header';

interface ReceivableTableProps {
  items: ArInvoiceListItem[];
  order: Pick<ReceivableListFilters, 'sort' | 'direction'>;
  onSort: (field: ReceivableSort) => void;
  onOpen: (id: string) => void;
  today: string;
}

/**
 * One row per outgoing invoice: number, customer with its debtor number, dates with the due
 * label, total and open amount, status. Headers sort on the server (the open amount has no
 * server order, so it does not sort); a click or Enter opens the invoice.
 */
export function ReceivableTable({ items, order, onSort, onOpen, today }: ReceivableTableProps) {
  const { t } = useTranslation('receivables');
  const locale = currentLocale();
  const header = { sort: order.sort, direction: order.direction, onSort };
  return (
    <ListTable
      aria-label={t('list.label')}
      stickyHeader
      head={
        <>
          <SortHeader field="invoiceNumber" {...header}>
            {t('list.number')}
          </SortHeader>
          <SortHeader field="counterpartyName" {...header} className="w-[35%]">
            {t('list.customer')}
          </SortHeader>
          <SortHeader field="invoiceDate" {...header}>
            {t('list.invoiceDate')}
          </SortHeader>
          <SortHeader field="dueDate" {...header}>
            {t('list.dueDate')}
          </SortHeader>
          <SortHeader field="totalAmount" {...header} className="text-right">
            {t('list.total')}
          </SortHeader>
          <HeaderCell className="text-right">{t('list.open')}</HeaderCell>
          <HeaderCell>{t('list.status')}</HeaderCell>
        </>
      }
    >
      {items.map((item) => (
        <OpenableRow key={item.id} testId="receivable-row" onOpen={() => onOpen(item.id)}>
          <td className="px-3 py-2 align-top whitespace-nowrap">
            {item.invoiceNumber ? (
              <span className="font-medium text-foreground">{item.invoiceNumber}</span>
            ) : (
              <span className="text-muted-foreground">{t('list.noNumber')}</span>
            )}
            {item.type === 'credit_note' ? (
              <span className="block text-xs text-muted-foreground">{t('types.credit_note')}</span>
            ) : null}
          </td>
          <td className={cn(SHRINKING_CELL, 'px-3 py-2 align-top')} title={item.counterpartyName}>
            <span className="block truncate font-medium text-foreground">{item.counterpartyName}</span>
            {item.counterpartyArNumber ? (
              <span className="block text-xs text-muted-foreground">
                {t('list.arNumber', { number: item.counterpartyArNumber })}
              </span>
            ) : null}
          </td>
          <td className="px-3 py-2 align-top whitespace-nowrap tabular-nums">{formatDate(item.invoiceDate, locale)}</td>
          <td className="px-3 py-2 align-top whitespace-nowrap tabular-nums">
            <span className="block">{formatDate(item.dueDate, locale)}</span>
            <DueLabel status={item.status} dueDate={item.dueDate} today={today} />
          </td>
          <td className="px-3 py-2 text-right align-top whitespace-nowrap tabular-nums">
            {formatMoney(item.totalAmount, item.currency)}
          </td>
          <td className="px-3 py-2 text-right align-top whitespace-nowrap tabular-nums" data-testid="open-amount">
            {item.status === 'draft' || item.status === 'canceled' ? (
              <MissingValue />
            ) : (
              formatMoney(openAmountOf(item), item.currency)
            )}
          </td>
          <td className="px-3 py-2 align-top whitespace-nowrap">
            <ReceivableStatusBadge status={item.status} />
          </td>
        </OpenableRow>
      ))}
    </ListTable>
  );
}
