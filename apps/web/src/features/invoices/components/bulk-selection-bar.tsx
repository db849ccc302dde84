import { useTranslation } from 'react-i18next';
import type { InvoiceListItem } from '@kontor/domain/invoices/invoice-schema';
import { Button } from '@/components/ui/button';
import { BulkApproveAction } from './bulk-approve-action';
import { BulkArchiveAction } from './bulk-archive-action';
import { selectionTotal } from './bulk-selection';
import { ExportInvoicesAction } from './export-invoices-action';

interface BulkSelectionBarProps {
  selected: InvoiceListItem[];
  /** The full loaded list, for naming refused invoices. */
  items: InvoiceListItem[];
  /** On "my approvals": the selection can be approved at once. */
  canApprove: boolean;
  /** On "approved" for those who export: the selection can be exported to accounting. */
  canExport: boolean;
  onDone: () => void;
}

/** Shown while rows are selected: how many and their total, and what can be done with them. */
export function BulkSelectionBar({ selected, items, canApprove, canExport, onDone }: BulkSelectionBarProps) {
  const { t } = useTranslation('invoices');
  const total = selectionTotal(selected);
  return (
    <div
      role="region"
      aria-label={t('selection.label')}
      className="mb-3 flex flex-wrap items-center gap-3 rounded-md border border-primary/30 bg-primary-background px-3 py-2 text-sm"
    >
      <span className="font-medium text-primary">
        {t('selection.selected', { count: selected.length })}
        {total ? <span data-testid="selection-total" className="tabular-nums">{` · ${total}`}</span> : null}
      </span>
      {canApprove ? <BulkApproveAction selected={selected} items={items} total={total} onDone={onDone} /> : null}
      {canExport ? <ExportInvoicesAction invoiceIds={selected.map((item) => item.id)} onStarted={onDone} /> : null}
      <BulkArchiveAction selectedIds={selected.map((item) => item.id)} items={items} onDone={onDone} />
      <Button size="sm" variant="ghost" onClick={onDone}>
        {t('selection.clearSelection')}
      </Button>
    </div>
  );
}
