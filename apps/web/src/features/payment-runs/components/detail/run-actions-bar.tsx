import { Check, Download, FileDown, RotateCcw, Send, Trash2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paymentRunRejectBodySchema, type PaymentRun } from '@kontor/domain/payments/payment-run-api';
import { ReasonDialog } from '@/components/reason-dialog';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useSession } from '@/lib/session-context';
import { runAbilities, runFourEyesBlock } from '../../model/run-abilities';
import { paymentRunLabel } from '../../model/payment-run-paths';
import { ExportBookingsButton } from '../export/export-bookings-button';
import { RunExportDialog } from './run-export-dialog';
import { RunRequestApprovalDialog } from './run-request-approval-dialog';
import type { RunActions } from './use-run-actions';

/** The buttons the run's state and the viewer allow (allowedEvents + canDecide), with their dialogs. */
export function RunActionsBar({ run, actions }: { run: PaymentRun; actions: RunActions }) {
  const { t } = useTranslation('payment-runs');
  const session = useSession();
  const abilities = runAbilities(run);
  const fourEyesBlock = abilities.canApprove ? runFourEyesBlock(run, session.user.id) : null;
  const label = paymentRunLabel(run.number);
  const { dialog, setDialog } = actions;
  const exportBlockedText =
    abilities.exportBlock === 'blocked_transactions'
      ? t('export.blockedReason', { count: run.blockedCount })
      : abilities.exportBlock === 'empty'
        ? t('export.emptyReason')
        : null;

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2" data-testid="run-actions">
        {abilities.canRequestApproval ? (
          <Button onClick={() => setDialog('request')}>
            <Send aria-hidden="true" />
            {t('actions.request')}
          </Button>
        ) : null}
        {abilities.canApprove ? (
          <Button
            onClick={actions.approve}
            isLoading={actions.isPending && dialog === null}
            disabled={fourEyesBlock !== null}
            aria-describedby={fourEyesBlock ? 'run-four-eyes-note' : undefined}
          >
            <Check aria-hidden="true" />
            {t('actions.approve')}
          </Button>
        ) : null}
        {abilities.canReject ? (
          <Button variant="outline" onClick={() => setDialog('reject')}>
            <X aria-hidden="true" />
            {t('actions.reject')}
          </Button>
        ) : null}
        {abilities.showExport ? (
          <Button
            onClick={() => setDialog('export')}
            disabled={abilities.exportBlock !== null}
            aria-describedby={exportBlockedText ? 'run-export-blocked' : undefined}
            data-testid="run-export"
          >
            <FileDown aria-hidden="true" />
            {t('export.button')}
          </Button>
        ) : null}
        {abilities.canDownload ? (
          <Button variant="outline" onClick={actions.download} isLoading={actions.isDownloading} data-testid="run-download">
            <Download aria-hidden="true" />
            {t('export.downloadAgain')}
          </Button>
        ) : null}
        {run.status === 'exported' ? <ExportBookingsButton run={run} /> : null}
        {abilities.canReset ? (
          <Button variant="outline" onClick={() => setDialog('reset')}>
            <RotateCcw aria-hidden="true" />
            {t('actions.resetButton')}
          </Button>
        ) : null}
        {abilities.canDelete ? (
          <Button variant="ghost" className="text-danger" onClick={() => setDialog('delete')}>
            <Trash2 aria-hidden="true" />
            {t('actions.delete')}
          </Button>
        ) : null}
      </div>
      {fourEyesBlock ? (
        <p id="run-four-eyes-note" className="text-sm text-muted-foreground" data-testid="run-four-eyes-note">
          {t('actions.fourEyesNote')}
        </p>
      ) : null}
      {exportBlockedText ? (
        <p id="run-export-blocked" className="text-sm text-danger" data-testid="run-export-blocked">
          {exportBlockedText}
        </p>
      ) : null}

      <RunRequestApprovalDialog
        open={dialog === 'request'}
        onOpenChange={(open) => setDialog(open ? 'request' : null)}
        onConfirm={actions.requestApproval}
        isPending={actions.isPending}
      />
      <ReasonDialog
        open={dialog === 'reject'}
        onOpenChange={(open) => setDialog(open ? 'reject' : null)}
        title={t('actions.rejectTitle')}
        description={t('actions.rejectDescription')}
        label={t('actions.rejectReason')}
        confirm={t('actions.confirmReject')}
        tone="destructive"
        schema={paymentRunRejectBodySchema.shape.reason}
        isPending={actions.isPending}
        onConfirm={actions.reject}
        testId="run-reject-dialog"
      />
      <RunExportDialog
        open={dialog === 'export'}
        onOpenChange={(open) => setDialog(open ? 'export' : null)}
        onConfirm={(format) => actions.exportRun({ kind: 'export', format })}
        isPending={actions.isPending || actions.isDownloading}
      />
      <ConfirmDialog
        open={dialog === 'reset'}
        onOpenChange={(open) => setDialog(open ? 'reset' : null)}
        title={t('actions.resetTitle', { label })}
        description={t('actions.resetDescription')}
        confirmLabel={t('actions.confirmReset')}
        cancelLabel={t('actions.keep')}
        onConfirm={actions.reset}
        isPending={actions.isPending}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        title={t('actions.deleteTitle', { label })}
        description={t('actions.deleteDescription', { count: run.transactionCount })}
        confirmLabel={t('actions.confirmDelete')}
        cancelLabel={t('actions.keep')}
        onConfirm={actions.deleteRun}
        isPending={actions.isDeleting}
        tone="destructive"
      />
      <Dialog open={actions.isStale} onOpenChange={(open) => (open ? undefined : actions.closeStale())}>
        <DialogContent data-testid="run-stale-dialog">
          <DialogHeader>
            <DialogTitle>{t('stale.title')}</DialogTitle>
            <DialogDescription>{t('stale.description')}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button onClick={actions.closeStale}>{t('stale.ok')}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
