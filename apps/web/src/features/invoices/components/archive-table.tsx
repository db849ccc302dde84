import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { InvoiceListItem } from '@kontor/domain/invoices/invoice-schema';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { CancelReasonCell } from './cancel-reason-cell';
import { AmountCell, DateCell, Missing } from './invoice-cells';
import { InvoiceStatusBadge } from './invoice-status-badge';
import type { InvoiceSortField, SortDirection } from './list-query';
import { openRow } from './open-row';
import { SortHeader } from '@/components/sort-header';

interface ArchiveTableProps {
  items: InvoiceListItem[];
  sort: InvoiceSortField;
  direction: SortDirection;
  onSort: (field: InvoiceSortField) => void;
  restoringId: string | null;
  onRestore: (item: InvoiceListItem) => void;
  /** A row opens its invoice, read-only (with its document, comments and history). */
  onOpen: (id: string) => void;
  onOpenBlocked?: (item: InvoiceListItem) => void;
}

/** Cancelled and archived invoices with the cancel reason and a restore button per row; a row opens its invoice. */
export function ArchiveTable({
  items,
  sort,
  direction,
  onSort,
  restoringId,
  onRestore,
  onOpen,
  onOpenBlocked,
}: ArchiveTableProps) {
  const { t } = useTranslation('invoices');
  const header = { sort, direction, onSort };
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full text-sm" aria-label={t('archive.tableLabel')}>
        <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
          <tr>
            <SortHeader field="counterpartyName" {...header}>
              {t('table.counterparty')}
            </SortHeader>
            <SortHeader field="invoiceNumber" {...header}>
              {t('table.invoiceNumber')}
            </SortHeader>
            <SortHeader field="date" {...header}>
              {t('table.date')}
            </SortHeader>
            <SortHeader field="totalAmount" {...header} className="text-right">
              {t('table.amount')}
            </SortHeader>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('table.status')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('archive.cancelReason')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">{t('archive.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const row = openRow(item, { onOpen, onOpenBlocked });
            return (
              <tr
                key={item.id}
                data-testid="archive-row"
                {...row.rowProps}
                className={cn('border-t border-border', row.className)}
              >
                <td className="max-w-56 truncate px-3 py-2 font-medium text-foreground">
                  {item.counterpartyName ?? <Missing />}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{item.invoiceNumber ?? <Missing />}</td>
                <DateCell value={item.date} />
                <AmountCell amount={item.totalAmount} currency={item.currency} />
                <td className="px-3 py-2">
                  <InvoiceStatusBadge status={item.status} ocrStatus={item.ocrStatus} />
                </td>
                <CancelReasonCell item={item} />
                {/* Restoring is the button's: the click does not open the row's invoice too. */}
                <td className="px-3 py-2 text-right" onClick={(event) => event.stopPropagation()}>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onRestore(item)}
                    isLoading={restoringId === item.id}
                    disabled={restoringId !== null && restoringId !== item.id}
                    aria-label={t('archive.restoreLabel', {
                      name: item.invoiceNumber ?? item.counterpartyName ?? item.fileName ?? '',
                    })}
                  >
                    <RotateCcw aria-hidden="true" />
                    {t('archive.restore')}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
