import { Archive } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { InvoiceListItem } from '@kontor/domain/invoices/invoice-schema';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { i18n } from '@/lib/i18n';
import { notifyError } from '@/lib/notify';
import { useBulkArchiveInvoices } from '../api/bulk-archive-invoices';
import { describeRefusals } from './bulk-selection';

/** The bulk answer carries codes without params, so the overview has its own short sentences. */
function archiveRefusal(code: string): string {
  const ownKey = `invoices:bulkArchive.reasons.${code}`;
  return i18n.exists(ownKey)
    ? i18n.t(ownKey as 'invoices:bulkArchive.reasons.invoice_action_refused')
    : i18n.t('invoices:bulkArchive.reasons.other');
}

/** Archives the selected invoices after a confirmation; what may not be archived is named in the toast. */
export function BulkArchiveAction({
  selectedIds,
  items,
  onDone,
}: {
  selectedIds: string[];
  items: InvoiceListItem[];
  onDone: () => void;
}) {
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
        const refusals = answer.failed.map(({ id, code }) => ({ id, reason: archiveRefusal(code) }));
        toast.warning(t('bulkArchive.partial', { archived: answer.archived.length, failed: answer.failed.length }), {
          description: <span className="whitespace-pre-line">{describeRefusals(refusals, items)}</span>,
          duration: 10_000,
        });
      },
      onError: (error) => notifyError(error, t('bulkArchive.failed', { count: selectedIds.length })),
    });
  };

  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setIsConfirming(true)}>
        <Archive aria-hidden="true" />
        {t('bulkArchive.action')}
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
    </>
  );
}
