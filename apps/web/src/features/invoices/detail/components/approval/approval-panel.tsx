import { Check, RotateCcw, Send, UserRoundPlus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasPermission } from '@kontor/domain/permissions';
import { reasonBodySchema, type Invoice } from '@kontor/domain/invoices/invoice-schema';
import { ApprovalSection } from '@/components/approval/approval-section';
import { ReasonDialog } from '@/components/reason-dialog';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSession } from '@/lib/session-context';
import { useApprovalActions } from '../../api/approval-actions';
import { approvalAbilities } from '../../model/approval-abilities';
import { approvalOutcome, approvalOutcomeMessage } from '../../model/approval-outcome';
import { MissingFieldsAlert } from '../missing-fields-alert';
import { useInvoiceActionRunner } from '../run-invoice-action';
import { HandOnApprovalDialog } from './hand-on-approval-dialog';
import { NextToApproveLink } from './next-to-approve-link';
import { RequestApprovalDialog } from './request-approval-dialog';

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
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'request' | 'reject' | 'reset' | 'hand-on' | null>(null);
  // A dialog closes only when its action succeeded: a failed one keeps what was typed in it.
  const run = useInvoiceActionRunner(invoice.id, () => setDialog(null));
  const { approval } = invoice;
  const abilities = approvalAbilities(invoice, {
    userId: session.user.id,
    role: session.user.role,
    permissions: session.permissions,
  });
  const canHandOn = abilities.handOn.length > 0;
  const hasActions = abilities.canRequest || abilities.canDecide || abilities.canReset || canHandOn;
  // Without ap_invoices:manage a member sees an invoice as its uploader or approver only: one who
  // hands on their own approval of someone else's upload no longer sees it, and goes back to the list.
  const losesSight = (fromApproverId: string) =>
    fromApproverId === session.user.id &&
    invoice.uploadedBy !== session.user.id &&
    !hasPermission(session.user.role, session.permissions, 'ap_invoices:manage');
  if (!approval && !abilities.canRequest) return null;

  /** One approval may only be recorded, complete its step, or approve the invoice: the toast says which. */
  const approvedText = (answer: Invoice) => {
    const { key, values } = approvalOutcomeMessage(approvalOutcome(approval, answer.approval));
    return t(key, values);
  };

  return (
    <ApprovalSection
      approval={approval}
      testId="approval-panel"
      stepsTestIdPrefix="approval"
      statusTestId="approval-status"
      progress={
        approval ? (
          <p className="text-sm font-medium text-foreground" data-testid="approval-step-of">
            {t('approval.stepOf', { current: approval.currentStep + 1, total: approval.steps.length })}
          </p>
        ) : null
      }
    >
      {/* Fields for an approval the viewer may not give would only confuse: the note says who gives it. */}
      <MissingFieldsAlert
        fields={abilities.fourEyesBlock ? [] : abilities.missingToApprove}
        before="approve"
        tone="warning"
        testId="approve-missing-fields"
      />
      {abilities.fourEyesBlock ? (
        <p id="four-eyes-note" className="text-sm text-muted-foreground" data-testid="four-eyes-note">
          {/* An invoice's conflict is its upload or its request (`created` is a payment run's). */}
          {t(abilities.fourEyesBlock === 'requested' ? 'approval.fourEyes.requested' : 'approval.fourEyes.uploaded')}
        </p>
      ) : null}
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
                disabled={hasUnsavedChanges || abilities.missingToApprove.length > 0 || abilities.fourEyesBlock !== null}
                aria-describedby={abilities.fourEyesBlock ? 'four-eyes-note' : undefined}
                isLoading={actions.approve.isPending}
                onClick={() =>
                  void run(() => actions.approve.mutateAsync(invoice.version), {
                    success: approvedText,
                    failure: t('approval.approveFailed'),
                  })
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
          {canHandOn ? (
            <Button variant="outline" disabled={hasUnsavedChanges} onClick={() => setDialog('hand-on')}>
              <UserRoundPlus aria-hidden="true" />
              {t('approval.handOn.action')}
            </Button>
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
      <NextToApproveLink invoiceId={invoice.id} />
      <RequestApprovalDialog
        invoice={invoice}
        open={dialog === 'request'}
        onOpenChange={(open) => setDialog(open ? 'request' : null)}
        isPending={actions.request.isPending}
        onConfirm={(flowId) =>
          run(() => actions.request.mutateAsync(flowId ? { version: invoice.version, flowId } : { version: invoice.version }), {
            success: t('approval.requestSent'),
            failure: t('approval.requestFailed'),
          })
        }
      />
      <ReasonDialog
        open={dialog === 'reject'}
        onOpenChange={(open) => setDialog(open ? 'reject' : null)}
        title={t('approval.rejectTitle')}
        description={t('approval.rejectDescription')}
        label={t('approval.rejectReason')}
        confirm={t('approval.confirmReject')}
        tone="destructive"
        schema={reasonBodySchema.shape.reason}
        isPending={actions.reject.isPending}
        testId="reject-approval-dialog"
        onConfirm={(reason) =>
          run(() => actions.reject.mutateAsync({ version: invoice.version, reason }), {
            success: t('approval.rejected'),
            failure: t('approval.rejectFailed'),
          })
        }
      />
      <HandOnApprovalDialog
        invoice={invoice}
        from={abilities.handOn}
        open={dialog === 'hand-on'}
        onOpenChange={(open) => setDialog(open ? 'hand-on' : null)}
        isPending={actions.reassign.isPending}
        onConfirm={async (body, newApproverName) => {
          const done = await run(() => actions.reassign.mutateAsync(body), {
            success: t('approval.handOn.done', { name: newApproverName }),
            failure: t('approval.handOn.failed'),
          });
          if (done && losesSight(body.fromApproverId)) void navigate(`/${session.organization.slug}/invoices/my-approvals`);
          return done;
        }}
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
          void run(() => actions.reset.mutateAsync(invoice.version), {
            success: t('approval.wasReset'),
            failure: t('approval.resetFailed'),
          })
        }
      />
    </ApprovalSection>
  );
}
