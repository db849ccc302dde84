import { useTranslation } from 'react-i18next';
import type { ApprovalItemView, ApprovalRequestView } from '@kontor/domain/approvals/approval-views';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { currentLocale } from '@/lib/i18n';
import { formatDateTime } from '@/lib/format';

const DECISION_TONE = { approved: 'success', rejected: 'danger', pending: 'neutral' } as const;
const REQUEST_TONE = { pending: 'warning', approved: 'success', rejected: 'danger', reset: 'neutral' } as const;

function ApproverRow({ item }: { item: ApprovalItemView }) {
  const { t } = useTranslation('payment-runs');
  return (
    <li className="grid gap-0.5 py-1.5" data-testid="run-approval-item">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-foreground">{item.approverName}</span>
        <Badge tone={DECISION_TONE[item.decision]}>{t(`approval.decisions.${item.decision}`)}</Badge>
        {item.decidedAt ? (
          <span className="text-xs text-muted-foreground">{formatDateTime(item.decidedAt, currentLocale())}</span>
        ) : null}
      </div>
      {item.reason ? <p className="text-sm text-muted-foreground">{t('approval.reason', { reason: item.reason })}</p> : null}
    </li>
  );
}

/**
 * The run's approval request (the flow engine of the approval-flows issue): flow, requester and
 * each step with its approvers' decisions and reasons. The invoice detail has its own panel; the
 * features do not import each other, so this small one mirrors it.
 */
export function RunApprovalPanel({ approval }: { approval: ApprovalRequestView | null }) {
  const { t } = useTranslation('payment-runs');
  const locale = currentLocale();
  return (
    <section
      aria-labelledby="run-approval-title"
      data-testid="run-approval-panel"
      className="grid gap-3 rounded-lg border border-border bg-surface p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="run-approval-title" className="text-base font-semibold text-foreground">
          {t('approval.title')}
        </h2>
        {approval ? <Badge tone={REQUEST_TONE[approval.status]}>{t(`approval.statuses.${approval.status}`)}</Badge> : null}
      </div>
      {approval ? (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('approval.flow')}</dt>
            <dd className="text-foreground">{approval.flowName}</dd>
            <dt className="text-muted-foreground">{t('approval.requested')}</dt>
            <dd className="text-foreground">
              {t('approval.requestedBy', {
                name: approval.requestedByName ?? t('approval.unknownRequester'),
                date: formatDateTime(approval.requestedAt, locale),
              })}
            </dd>
          </dl>
          <ol className="grid gap-2" aria-label={t('approval.steps')}>
            {approval.steps.map((step, index) => {
              const isOpen = approval.status === 'pending' && index === approval.currentStep;
              const approved = step.items.filter((item) => item.decision === 'approved').length;
              return (
                <li
                  key={index}
                  aria-current={isOpen ? 'step' : undefined}
                  data-testid="run-approval-step"
                  className={cn(
                    'rounded-md border px-3 py-2',
                    isOpen ? 'border-primary bg-primary-background/40' : 'border-border',
                  )}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-sm font-semibold text-foreground">{t('approval.step', { index: index + 1 })}</span>
                    <span className="text-xs text-muted-foreground">
                      {t('approval.stepProgress', { approved, required: step.requiredApprovals })}
                      {isOpen ? ` · ${t('approval.openStep')}` : null}
                    </span>
                  </div>
                  <ul className="divide-y divide-border">
                    {step.items.map((item) => (
                      <ApproverRow key={item.approverId} item={item} />
                    ))}
                  </ul>
                </li>
              );
            })}
          </ol>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{t('approval.notRequested')}</p>
      )}
    </section>
  );
}
