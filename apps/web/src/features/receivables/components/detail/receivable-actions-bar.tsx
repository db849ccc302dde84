import { ArchiveRestore, Ban, Banknote, FileMinus2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { allowedReceivableActions, type ReceivableAction } from '@kontor/domain/receivables/receivable-status';
import { arCancelSchema } from '@kontor/domain/receivables/receivable-schema';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { ReasonDialog } from '@/components/reason-dialog';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session-context';
import { useCancelReceivable } from '../../api/cancel-receivable';
import { newReceivableUrl } from '../../api/receivable-keys';
import { useMarkReceivableUnpaid } from '../../api/mark-receivable-unpaid';
import { useRecordReceivablePayment } from '../../api/record-receivable-payment';
import { useRestoreReceivable } from '../../api/restore-receivable';
import { RecordPaymentDialog } from './record-payment-dialog';
import { useReceivableAction } from './use-receivable-action';

/** The actions this bar offers; `issue` is the form's, `edit` the form itself. */
const BAR_ACTIONS: readonly ReceivableAction[] = ['record_payment', 'mark_unpaid', 'cancel', 'restore'];
const CREDITABLE = new Set<ArInvoice['status']>(['outstanding', 'partially_paid', 'paid']);

export interface ReceivableActionsBarProps {
  record: ArInvoice;
  today: string;
  /** Unsaved form changes: a status change would leave them behind a read-only form or a newer version. */
  hasUnsavedChanges: boolean;
}

/**
 * The status actions the transition table allows for the invoice's status (allowedReceivableActions):
 * record a payment, mark unpaid, cancel with a reason, restore. Issuing a draft is the form's
 * button (it saves what is typed first); a transfer to collection has no screen yet.
 */
export function ReceivableActionsBar({ record, today, hasUnsavedChanges }: ReceivableActionsBarProps) {
  const { t } = useTranslation('receivables');
  const slug = useSession().organization.slug;
  const allowed = new Set(allowedReceivableActions(record.status));
  const [dialog, setDialog] = useState<'payment' | 'unpaid' | 'cancel' | null>(null);
  const payment = useRecordReceivablePayment(record.id);
  const unpaid = useMarkReceivableUnpaid(record.id);
  const cancel = useCancelReceivable(record.id);
  const restore = useRestoreReceivable(record.id);
  // Only a success closes the dialog: a failed cancel keeps the typed reason for another try.
  const run = useReceivableAction(record.id, () => setDialog(null));
  // A credit note corrects an issued invoice (not a draft, not a canceled one, not another credit note).
  const canCredit = record.type === 'invoice' && record.invoiceNumber !== null && CREDITABLE.has(record.status);
  if (!BAR_ACTIONS.some((action) => allowed.has(action)) && !canCredit) return null;

  return (
    <div role="group" aria-label={t('actions.label')} className="flex flex-wrap items-center gap-2">
      {canCredit ? (
        <Button asChild variant="outline">
          <Link to={`${newReceivableUrl(slug)}?creditFor=${encodeURIComponent(record.id)}`}>
            <FileMinus2 aria-hidden="true" />
            {t('actions.creditNote')}
          </Link>
        </Button>
      ) : null}
      {allowed.has('record_payment') ? (
        <Button disabled={hasUnsavedChanges} onClick={() => setDialog('payment')}>
          <Banknote aria-hidden="true" />
          {t('actions.recordPayment')}
        </Button>
      ) : null}
      {allowed.has('restore') ? (
        <Button
          variant="secondary"
          disabled={hasUnsavedChanges}
          isLoading={restore.isPending}
          onClick={() =>
            void run(() => restore.mutateAsync(record.version), {
              success: t('actions.restored'),
              failure: t('actions.restoreFailed'),
            })
          }
        >
          <ArchiveRestore aria-hidden="true" />
          {t('actions.restore')}
        </Button>
      ) : null}
      {allowed.has('mark_unpaid') ? (
        <Button variant="outline" disabled={hasUnsavedChanges} onClick={() => setDialog('unpaid')}>
          <Undo2 aria-hidden="true" />
          {t('actions.markUnpaid')}
        </Button>
      ) : null}
      {allowed.has('cancel') ? (
        <Button variant="outline" disabled={hasUnsavedChanges} onClick={() => setDialog('cancel')}>
          <Ban aria-hidden="true" />
          {t('actions.cancel')}
        </Button>
      ) : null}
      {hasUnsavedChanges ? <span className="text-xs text-muted-foreground">{t('actions.saveFirst')}</span> : null}

      <RecordPaymentDialog
        record={record}
        today={today}
        open={dialog === 'payment'}
        onOpenChange={(open) => setDialog(open ? 'payment' : null)}
        isPending={payment.isPending}
        onConfirm={(values, showError) =>
          run(() => payment.mutateAsync({ ...values, version: record.version }), {
            success: (answer) => (answer.status === 'paid' ? t('actions.paid') : t('actions.paymentRecorded')),
            failure: t('actions.paymentFailed'),
            onError: showError,
          })
        }
      />
      <ConfirmDialog
        open={dialog === 'unpaid'}
        onOpenChange={(open) => setDialog(open ? 'unpaid' : null)}
        title={t('actions.unpaidTitle')}
        description={t('actions.unpaidDescription', { amount: formatMoney(record.paidAmount, record.currency) })}
        confirmLabel={t('actions.markUnpaid')}
        cancelLabel={t('actions.keep')}
        isPending={unpaid.isPending}
        onConfirm={() =>
          void run(() => unpaid.mutateAsync(record.version), {
            success: t('actions.markedUnpaid'),
            failure: t('actions.markUnpaidFailed'),
          })
        }
      />
      {/* SPEC §5: canceling needs a reason, checked by the server's own rule. */}
      <ReasonDialog
        open={dialog === 'cancel'}
        onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
        title={t('actions.cancelTitle')}
        description={t('actions.cancelDescription')}
        label={t('actions.reason')}
        confirm={t('actions.confirmCancel')}
        cancelLabel={t('actions.keep')}
        tone="destructive"
        schema={arCancelSchema.shape.reason}
        isPending={cancel.isPending}
        testId="cancel-receivable-dialog"
        onConfirm={(reason) =>
          run(() => cancel.mutateAsync({ reason, version: record.version }), {
            success: t('actions.canceled'),
            failure: t('actions.cancelFailed'),
          })
        }
      />
    </div>
  );
}
