import { Archive } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { InvoiceListItem } from '@kontor/domain/invoices/invoice-schema';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { i18n } from '@/lib/i18n';
import { notifyError } from '@/lib/notify';
import { useBulkArchiveInvoices, type BulkArchiveResponse } from '../api/bulk-archive-invoices';

interface BulkArchiveBarProps {
  selectedIds: string[];
  items: InvoiceListItem[];
  onDone: () => void;
}

function describeFailures(answer: BulkArchiveResponse, items: InvoiceListItem[]): string {
  const names = new Map(items.map((item) => [item.id, item.invoiceNumber ?? item.counterpartyName ?? item.fileName ?? item.id]));
  return answer.failed
    .map(({ id, code }) => {
      // The bulk answer carries codes without params, so the overview has its own short sentences.
      const ownKey = `invoices:bulkArchive.reasons.${code}`;
      const reason = i18n.exists(ownKey)
        ? i18n.t(ownKey as 'invoices:bulkArchive.reasons.invoice_action_refused')
        : i18n.t('invoices:bulkArchive.reasons.other');
      return `${names.get(id) ?? id}: ${reason}`;
    })
    .join('\n');
}

/** Shown while rows are selected: how many, and archiving them after a confirmation. */
export function BulkArchiveBar({ selectedIds, items, onDone }: BulkArchiveBarProps) {
  const { t } = useTranslation('invoices');
  const [isConfirming, setIsConfirming] = useState(false);
  const archive = useBulkArchiveInvoices();

  const run = () => {
    archive.mutate(selectedIds, {
      onSuccess: (answer) => {
        setIsConfirming(false);
        onDone();
        if (answer.failed.length === 0) {
          toast.success(t('bulkArchive.success', { count: answer.archived.length }));
          return;
        }
        toast.warning(t('bulkArchive.partial', { archived: answer.archived.length, failed: answer.failed.length }), {
          description: <span className="whitespace-pre-line">{describeFailures(answer, items)}</span>,
          duration: 10_000,
        });
      },
      onError: (error) => notifyError(error, t('bulkArchive.failed', { count: selectedIds.length })),
    });
  };

  return (
    <div
      role="region"
      aria-label={t('bulkArchive.label')}
      className="mb-3 flex flex-wrap items-center gap-3 rounded-md border border-primary/30 bg-primary-background px-3 py-2 text-sm"
    >
      <span className="font-medium text-primary">{t('bulkArchive.selected', { count: selectedIds.length })}</span>
      <Button size="sm" variant="outline" onClick={() => setIsConfirming(true)}>
        <Archive aria-hidden="true" />
        {t('bulkArchive.action')}
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone}>
        {t('bulkArchive.clearSelection')}
      </Button>
      <Dialog open={isConfirming} onOpenChange={setIsConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('bulkArchive.confirmTitle', { count: selectedIds.length })}</DialogTitle>
            <DialogDescription>{t('bulkArchive.confirmDescription')}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setIsConfirming(false)}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={run} isLoading={archive.isPending}>
              {t('bulkArchive.action')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
