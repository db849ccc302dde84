import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentRun } from '@kontor/domain/payments/payment-run-api';
import { hasErrorCode } from '@/lib/api-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { downloadRunFile } from '../../api/download-run-file';
import { paymentRunKeys } from '../../api/payment-run-keys';
import { usePaymentRunMutations, type PaymentRunAction } from '../../api/payment-run-mutations';
import { paymentRunLabel } from '../../model/payment-run-paths';

export type RunDialog = 'request' | 'reject' | 'reset' | 'delete' | 'export' | null;

/**
 * The run's actions with their toasts. A 409 stale_version means a colleague acted on the run
 * first: the run is loaded again and the stale dialog explains why nothing happened.
 */
export function useRunActions(run: PaymentRun, onDeleted: () => void) {
  const { t } = useTranslation('payment-runs');
  const queryClient = useQueryClient();
  const { act, remove } = usePaymentRunMutations(run.id);
  const [dialog, setDialog] = useState<RunDialog>(null);
  const [isStale, setIsStale] = useState(false);
  const [isDownloading, setIsDownloading] = useState(false);
  const label = paymentRunLabel(run.number);

  const handleFailure = (error: unknown, failure: string) => {
    if (hasErrorCode(error, 'stale_version')) {
      setDialog(null);
      setIsStale(true);
      void queryClient.invalidateQueries({ queryKey: paymentRunKeys.all() });
      return;
    }
    notifyError(error, failure);
  };

  const download = async (exported: Pick<PaymentRun, 'id' | 'export'> = run) => {
    setIsDownloading(true);
    try {
      await downloadRunFile(exported.id, exported.export?.fileName ?? `${label}.xml`);
    } catch (error) {
      notifyError(error, t('export.downloadFailed'));
    } finally {
      setIsDownloading(false);
    }
  };

  /** Runs one action; true when it succeeded (the dialog then closes). */
  const perform = async (action: PaymentRunAction, success: string, failure: string): Promise<boolean> => {
    try {
      const answer = await act.mutateAsync({ version: run.version, action });
      notifySuccess(success);
      setDialog(null);
      if (action.kind === 'export') await download(answer);
      return true;
    } catch (error) {
      handleFailure(error, failure);
      return false;
    }
  };

  const deleteRun = async () => {
    try {
      await remove.mutateAsync(run.version);
      notifySuccess(t('actions.deleted', { label }));
      setDialog(null);
      onDeleted();
    } catch (error) {
      handleFailure(error, t('actions.deleteFailed'));
    }
  };

  return {
    dialog,
    setDialog,
    isStale,
    closeStale: () => setIsStale(false),
    isPending: act.isPending,
    isDeleting: remove.isPending,
    isDownloading,
    download: () => void download(),
    requestApproval: (flowId: string | undefined) =>
      perform({ kind: 'request-approval', flowId }, t('actions.requested', { label }), t('actions.requestFailed')),
    approve: () => void perform({ kind: 'approve' }, t('actions.approved', { label }), t('actions.approveFailed')),
    reject: (reason: string) => perform({ kind: 'reject', reason }, t('actions.rejected', { label }), t('actions.rejectFailed')),
    reset: () => void perform({ kind: 'reset' }, t('actions.reset', { label }), t('actions.resetFailed')),
    exportRun: (format: PaymentRunAction & { kind: 'export' }) =>
      perform(format, t('export.exported', { label }), t('export.failed')),
    removeTransactions: (transactionIds: string[]) =>
      perform(
        { kind: 'remove-transactions', transactionIds },
        t('transactions.removed', { count: transactionIds.length }),
        t('transactions.removeFailed'),
      ),
    deleteRun: () => void deleteRun(),
  };
}

export type RunActions = ReturnType<typeof useRunActions>;
