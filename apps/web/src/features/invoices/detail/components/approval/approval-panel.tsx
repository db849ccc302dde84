import { Check, RotateCcw, Send, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { currentLocale } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session-context';
import { useApprovalActions } from '../../api/approval-actions';
import { approvalAbilities } from '../../model/approval-abilities';
import { formatDateTime } from '@/lib/format';
import { ApprovalSteps } from './approval-steps';
import { RejectApprovalDialog } from './reject-approval-dialog';
import { RequestApprovalDialog } from './request-approval-dialog';

const STATUS_TONE = { pending: 'warning', approved: 'success', rejected: 'danger', reset: 'neutral' } as const;

interface ApprovalPanelProps {
  invoice: Invoice;
  /** Actions wait for unsaved form changes: they act on the saved version. */
  hasUnsavedChanges: boolean;
}

/** The invoice's approval (SPEC §4): the request, its steps and decisions, and what the viewer may do. */
export function ApprovalPanel({ invoice, hasUnsavedChanges }: ApprovalPanelProps) {
  const { t } = useTranslation('invoice-detail');
  const session = useSession();
  const actions = useApprovalActions(invoice.id);
  const [dialog, setDialog] = useState<'request' | 'reject' | 'reset' | null>(null);
  const { approval } = invoice;
  const abilities = approvalAbilities(invoice, {
    userId: session.user.id,
    role: session.user.role,
    permissions: session.permissions,
  });
  const hasActions = abilities.canRequest || abilities.canDecide || abilities.canReset;
  if (!approval && !abilities.canRequest) return null;

  /** Runs an action with its toasts; true when it succeeded (a dialog then closes). */
  const run = async (action: () => Promise<unknown>, success: string, failure: string): Promise<boolean> => {
    try {
      await action();
      notifySuccess(success);
      setDialog(null);
      return true;
    } catch (error) {
      notifyError(error, failure);
      return false;
    }
  };

  return (
    <section
      aria-labelledby="approval-panel-title"
      data-testid="approval-panel"
      className="grid gap-3 rounded-lg border border-border bg-surface p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="approval-panel-title" className="text-base font-semibold text-foreground">
          {t('approval.title')}
        </h2>
        {approval ? (
          <Badge tone={STATUS_TONE[approval.status]} data-testid="approval-status">
            {t(`approval.statuses.${approval.status}`)}
          </Badge>
        ) : null}
      </div>
      {approval ? (
        <>
          <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
            <dt className="text-muted-foreground">{t('approval.flow')}</dt>
            <dd className="font-medium text-foreground">{approval.flowName}</dd>
            <dt className="text-muted-foreground">{t('approval.requestedLabel')}</dt>
            <dd className="text-foreground">
              {t('approval.requestedBy', {
                name: approval.requestedByName ?? t('approval.unknownRequester'),
                date: formatDateTime(approval.requestedAt, currentLocale()),
              })}
            </dd>
          </dl>
          {approval.status === 'pending' ? (
            <p className="text-sm font-medium text-foreground" data-testid="approval-step-of">
              {t('approval.stepOf', { current: approval.currentStep + 1, total: approval.steps.length })}
            </p>
          ) : null}
          <ApprovalSteps approval={approval} />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{t('approval.notRequested')}</p>
      )}
      {hasActions ? (
        <div role="group" aria-label={t('approval.actionsLabel')} className="flex flex-wrap items-center gap-2">
          {abilities.canRequest ? (
            <Button disabled={hasUnsavedChanges} onClick={() => setDialog('request')}>
              <Send aria-hidden="true" />
              {t('approval.request')}
            </Button>
          ) : null}
          {abilities.canDecide ? (
            <>
              <Button
                disabled={hasUnsavedChanges}
                isLoading={actions.approve.isPending}
                onClick={() =>
                  void run(
                    () => actions.approve.mutateAsync(invoice.version),
                    t('approval.approved'),
                    t('approval.approveFailed'),
                  )
                }
              >
                <Check aria-hidden="true" />
                {t('approval.approve')}
              </Button>
              <Button variant="outline" className="text-danger" disabled={hasUnsavedChanges} onClick={() => setDialog('reject')}>
                <X aria-hidden="true" />
                {t('approval.reject')}
              </Button>
            </>
          ) : null}
          {abilities.canReset ? (
            <Button variant="outline" disabled={hasUnsavedChanges} onClick={() => setDialog('reset')}>
              <RotateCcw aria-hidden="true" />
              {t('approval.reset')}
            </Button>
          ) : null}
          {hasUnsavedChanges ? <span className="text-xs text-muted-foreground">{t('approval.saveFirst')}</span> : null}
        </div>
      ) : null}
      <RequestApprovalDialog
        invoice={invoice}
        open={dialog === 'request'}
        onOpenChange={(open) => setDialog(open ? 'request' : null)}
        isPending={actions.request.isPending}
        onConfirm={(flowId) =>
          run(
            () => actions.request.mutateAsync(flowId ? { version: invoice.version, flowId } : { version: invoice.version }),
            t('approval.requestSent'),
            t('approval.requestFailed'),
          )
        }
      />
      <RejectApprovalDialog
        open={dialog === 'reject'}
        onOpenChange={(open) => setDialog(open ? 'reject' : null)}
        isPending={actions.reject.isPending}
        onConfirm={(reason) =>
          run(
            () => actions.reject.mutateAsync({ version: invoice.version, reason }),
            t('approval.rejected'),
            t('approval.rejectFailed'),
          )
        }
      />
      <ConfirmDialog
        open={dialog === 'reset'}
        onOpenChange={(open) => setDialog(open ? 'reset' : null)}
        title={t('approval.resetTitle')}
        description={t('approval.resetDescription')}
        confirmLabel={t('approval.confirmReset')}
        cancelLabel={t('approval.keep')}
        tone="destructive"
        isPending={actions.reset.isPending}
        onConfirm={() =>
          void run(() => actions.reset.mutateAsync(invoice.version), t('approval.wasReset'), t('approval.resetFailed'))
        }
      />
    </section>
  );
}
