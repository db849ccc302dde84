import { useTranslation } from 'react-i18next';
import type { ApprovalItemView, ApprovalRequestView } from '@kontor/domain/approvals/approval-views';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';

const DECISION_TONE = { approved: 'success', rejected: 'danger', pending: 'neutral' } as const;

function ApproverRow({ item, testId }: { item: ApprovalItemView; testId: string }) {
  const { t } = useTranslation('common');
  return (
    <li className="grid gap-0.5 py-1.5" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-foreground">{item.approverName}</span>
        {item.standsInForName ? (
          <span className="text-xs text-muted-foreground" data-testid="stands-in-for">
            {t('approval.standsInFor', { name: item.standsInForName })}
          </span>
        ) : null}
        <Badge tone={DECISION_TONE[item.decision]}>{t(`approval.decisions.${item.decision}`)}</Badge>
        {item.decidedAt ? (
          <span className="text-xs text-muted-foreground">{formatDateTime(item.decidedAt, currentLocale())}</span>
        ) : null}
      </div>
      {item.reason ? <p className="text-sm text-muted-foreground">{t('approval.reason', { reason: item.reason })}</p> : null}
    </li>
  );
}

interface ApprovalStepsProps {
  approval: ApprovalRequestView;
  /** Prefix of the test ids: `<prefix>-step` for a step, `<prefix>-item` for an approver. */
  testIdPrefix: string;
}

/**
 * The request's steps in order, each with its approvers' decisions and reasons; the open step
 * stands out. One approval engine serves invoices and payment runs, so one view shows both.
 */
export function ApprovalSteps({ approval, testIdPrefix }: ApprovalStepsProps) {
  const { t } = useTranslation('common');
  return (
    <ol className="grid gap-2" aria-label={t('approval.steps')}>
      {approval.steps.map((step, index) => {
        const isOpen = approval.status === 'pending' && index === approval.currentStep;
        const approved = step.items.filter((item) => item.decision === 'approved').length;
        return (
          <li
            key={index}
            aria-current={isOpen ? 'step' : undefined}
            data-testid={`${testIdPrefix}-step`}
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
                <ApproverRow key={item.approverId} item={item} testId={`${testIdPrefix}-item`} />
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
