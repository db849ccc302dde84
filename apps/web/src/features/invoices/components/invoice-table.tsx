import { useDeferredValue, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceListItem } from '@kontor/domain/invoices/invoice-schema';
import { SHRINKING_CELL } from '@/components/list-table';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';
import { approvalProgressParams } from '@kontor/domain/approvals/approval-progress';
import { BankMatchMark } from './bank-match-mark';
import { AmountCell, DateCell, DueDateCell, Missing } from './invoice-cells';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { openRow } from './open-row';
import { ReadingProgress } from './reading-progress';
import type { InvoiceSortField, SortDirection } from './list-query';
import { SortHeader } from '@/components/sort-header';

interface InvoiceTableProps {
  items: InvoiceListItem[];
  sort: InvoiceSortField;
  direction: SortDirection;
  onSort: (field: InvoiceSortField) => void;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (ids: string[], isSelected: boolean) => void;
  onOpen: (id: string) => void;
  /** A row still being read cannot open; clicking it says why instead. */
  onOpenBlocked?: (item: InvoiceListItem) => void;
  /** The approval tabs show each row's step progress. */
  showApprovalProgress?: boolean;
  /** Rows to draw the eye to (invoices just uploaded); the first is scrolled into view. */
  highlighted?: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

/** Only open invoices can be overdue; approved ones are on their way to payment but still open. */
const OPEN_STATUSES = new Set(['new', 'in_approval', 'approved', 'rejected']);

/** Rows in the table's first paint: a screenful. The rest of the page follows in the next render. */
const FIRST_PAINT_ROWS = 20;

/**
 * The text columns share what the others leave (see SHRINKING_CELL). A long invoice number is cut
 * too, with the whole number in its title: otherwise one long number with an overdue date pushes
 * the file column out of a 1280 px laptop's view.
 */
const FLUID_COLUMN = { counterparty: 'w-[30%]', invoiceNumber: 'w-[15%]', file: 'w-[15%]' } as const;

/** The dense overview table: sortable columns, row selection, a row opens the invoice unless OCR still reads it. */
export function InvoiceTable({
  items,
  sort,
  direction,
  onSort,
  selected,
  onToggle,
  onToggleAll,
  onOpen,
  onOpenBlocked,
  showApprovalProgress = false,
  highlighted = NONE,
}: InvoiceTableProps) {
  const { t } = useTranslation('invoices');
  const shownItems = useDeferredValue(items, items.slice(0, FIRST_PAINT_ROWS));
  const ids = items.map((item) => item.id);
  const selectedCount = ids.filter((id) => selected.has(id)).length;
  const allState = selectedCount === 0 ? false : selectedCount === ids.length ? true : 'indeterminate';
  const header = { sort, direction, onSort };
  const firstHighlighted = useRef<HTMLTableRowElement | null>(null);
  const firstHighlightedId = shownItems.find((item) => highlighted.has(item.id))?.id;
  useEffect(() => {
    firstHighlighted.current?.scrollIntoView({ block: 'nearest' });
  }, [firstHighlightedId]);

  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full text-sm" aria-label={t('table.label')}>
        <thead className="sticky top-0 bg-muted/60 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              <Checkbox
                checked={allState}
                onCheckedChange={(checked) => onToggleAll(ids, checked === true)}
                aria-label={t('table.selectAll')}
              />
            </th>
            <SortHeader field="counterpartyName" {...header} className={FLUID_COLUMN.counterparty}>
              {t('table.counterparty')}
            </SortHeader>
            <SortHeader field="invoiceNumber" {...header} className={FLUID_COLUMN.invoiceNumber}>
              {t('table.invoiceNumber')}
            </SortHeader>
            <SortHeader field="date" {...header}>
              {t('table.date')}
            </SortHeader>
            <SortHeader field="dueDate" {...header}>
              {t('table.dueDate')}
            </SortHeader>
            <SortHeader field="totalAmount" {...header} className="text-right">
              {t('table.amount')}
            </SortHeader>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('table.status')}
            </th>
            {showApprovalProgress ? (
              <th scope="col" className="px-3 py-2 font-medium">
                {t('table.approvalProgress')}
              </th>
            ) : null}
            <SortHeader field="createdAt" {...header} className={FLUID_COLUMN.file}>
              {t('table.file')}
            </SortHeader>
          </tr>
        </thead>
        <tbody>
          {shownItems.map((item) => {
            const row = openRow(item, { onOpen, onOpenBlocked });
            return (
              <tr
                key={item.id}
                ref={item.id === firstHighlightedId ? firstHighlighted : undefined}
                data-testid="invoice-row"
                data-ocr-status={item.ocrStatus}
                data-highlighted={highlighted.has(item.id) || undefined}
                {...row.rowProps}
                title={row.isReading ? t('table.ocrHint') : undefined}
                className={cn(
                  'border-t border-border',
                  row.className,
                  highlighted.has(item.id) && 'bg-info-background shadow-[inset_3px_0_0_var(--color-info)]',
                  selected.has(item.id) && 'bg-primary-background/60',
                )}
              >
                <td className="px-3 py-2" onClick={(event) => event.stopPropagation()}>
                  <Checkbox
                    checked={selected.has(item.id)}
                    onCheckedChange={() => onToggle(item.id)}
                    aria-label={t('table.selectRow', { name: item.counterpartyName ?? item.fileName ?? item.id })}
                  />
                </td>
                <td
                  className={cn(FLUID_COLUMN.counterparty, SHRINKING_CELL, 'px-3 py-2 font-medium text-foreground')}
                  title={item.counterpartyName ?? undefined}
                >
                  {item.counterpartyName ?? <Missing />}
                </td>
                <td
                  className={cn(FLUID_COLUMN.invoiceNumber, SHRINKING_CELL, 'px-3 py-2')}
                  title={item.invoiceNumber ?? undefined}
                >
                  {item.invoiceNumber ?? <Missing />}
                </td>
                <DateCell value={item.date} />
                <DueDateCell value={item.dueDate} isOpen={OPEN_STATUSES.has(item.status)} />
                <AmountCell amount={item.totalAmount} currency={item.currency} />
                <td className="px-3 py-2" data-testid="scan-status">
                  {item.ocrStatus === 'pending' || item.ocrStatus === 'processing' ? (
                    <ReadingProgress ocrStatus={item.ocrStatus} progress={item.readingProgress} />
                  ) : (
                    <span className="inline-flex items-center gap-1">
                      <InvoiceStatusBadge status={item.status} ocrStatus={item.ocrStatus} />
                      <BankMatchMark status={item.matchingStatus} />
                    </span>
                  )}
                </td>
                {showApprovalProgress ? (
                  <td className="px-3 py-2 whitespace-nowrap tabular-nums" data-testid="approval-progress">
                    {item.approvalProgress ? (
                      t('table.progress', { ...approvalProgressParams(item.approvalProgress) })
                    ) : (
                      <Missing />
                    )}
                  </td>
                ) : null}
                <td
                  className={cn(FLUID_COLUMN.file, SHRINKING_CELL, 'px-3 py-2 text-muted-foreground')}
                  title={item.fileName ?? undefined}
                >
                  {item.fileName ?? <Missing />}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
