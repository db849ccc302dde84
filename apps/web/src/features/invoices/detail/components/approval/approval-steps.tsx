import { useTranslation } from 'react-i18next';
import type { ApprovalItemView, ApprovalRequestView } from '@kontor/domain/approvals/approval-views';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { currentLocale } from '@/lib/i18n';
import { formatDateTime } from '@/lib/format';

const DECISION_TONE = { approved: 'success', rejected: 'danger', pending: 'neutral' } as const;

function ApproverRow({ item }: { item: ApprovalItemView }) {
  const { t } = useTranslation('invoice-detail');
  return (
    <li className="grid gap-0.5 py-1.5" data-testid="approval-item">
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

/** The request's steps in order, each with its approvers' decisions; the open step stands out. */
export function ApprovalSteps({ approval }: { approval: ApprovalRequestView }) {
  const { t } = useTranslation('invoice-detail');
  return (
    <ol className="grid gap-2" aria-label={t('approval.steps')}>
      {approval.steps.map((step, index) => {
        const isOpen = approval.status === 'pending' && index === approval.currentStep;
        const approved = step.items.filter((item) => item.decision === 'approved').length;
        return (
          <li
            key={index}
            aria-current={isOpen ? 'step' : undefined}
            data-testid="approval-step"
            className={cn('rounded-md border px-3 py-2', isOpen ? 'border-primary bg-primary-background/40' : 'border-border')}
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
  );
}
