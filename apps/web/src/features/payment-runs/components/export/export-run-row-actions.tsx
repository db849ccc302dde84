import { Download, FileDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentRunSummary } from '@kontor/domain/payments/payment-run-api';
import type { SepaFormat } from '@kontor/domain/payments/payment-run-status';
import { Button } from '@/components/ui/button';
import { hasErrorCode } from '@/lib/api-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { downloadRunFile } from '../../api/download-run-file';
import { usePaymentRunMutations } from '../../api/payment-run-mutations';
import { paymentRunLabel } from '../../model/payment-run-paths';
import { RunExportDialog } from '../detail/run-export-dialog';
import { ExportBookingsButton } from './export-bookings-button';

/** Export (approved, nothing blocked) or download again (exported) straight from the export screen. */
export function ExportRunRowActions({ run }: { run: PaymentRunSummary }) {
  const { t } = useTranslation('payment-runs');
  const { act } = usePaymentRunMutations(run.id);
  const [open, setOpen] = useState(false);
  const [isDownloading, setIsDownloading] = useState(false);
  const label = paymentRunLabel(run.number);

  const download = async (fileName: string) => {
    setIsDownloading(true);
    try {
      await downloadRunFile(run.id, fileName);
    } catch (error) {
      notifyError(error, t('export.downloadFailed'));
    } finally {
      setIsDownloading(false);
    }
  };

  const exportRun = async (format: SepaFormat): Promise<boolean> => {
    try {
      const answer = await act.mutateAsync({ version: run.version, action: { kind: 'export', format } });
      notifySuccess(t('export.exported', { label }));
      setOpen(false);
      await download(answer.export?.fileName ?? `${label}.xml`);
      return true;
    } catch (error) {
      // A colleague changed the run: the lists were refreshed by the mutation's error path below.
      notifyError(error, hasErrorCode(error, 'stale_version') ? t('stale.title') : t('export.failed'));
      return false;
    }
  };

  if (run.status === 'exported') {
    return (
      <div className="flex flex-wrap justify-end gap-2">
        <ExportBookingsButton run={run} size="sm" />
        <Button size="sm" variant="outline" onClick={() => void download(`${label}.xml`)} isLoading={isDownloading}>
          <Download aria-hidden="true" />
          {t('export.downloadAgain')}
        </Button>
      </div>
    );
  }
  const isBlocked = run.blockedCount > 0;
  return (
    <>
      <Button
        size="sm"
        onClick={() => setOpen(true)}
        disabled={isBlocked}
        title={isBlocked ? t('export.blockedReason', { count: run.blockedCount }) : undefined}
        data-testid="export-tab-export"
      >
        <FileDown aria-hidden="true" />
        {t('export.button')}
      </Button>
      <RunExportDialog open={open} onOpenChange={setOpen} onConfirm={exportRun} isPending={act.isPending || isDownloading} />
    </>
  );
}
