import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalRequestView } from '@kontor/domain/approvals/approval-views';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { ApprovalSteps } from './approval-steps';

const STATUS_TONE = { pending: 'warning', approved: 'success', rejected: 'danger', reset: 'neutral' } as const;

interface ApprovalSectionProps {
  /** The record's approval request, null while none was requested. */
  approval: ApprovalRequestView | null;
  /** Test id of the section; `<testId>-title` labels it. */
  testId: string;
  /** Prefix of the steps' and approvers' test ids (see ApprovalSteps). */
  stepsTestIdPrefix: string;
  /** Test id of the request's status badge, where a page needs one. */
  statusTestId?: string;
  /** Shown above the steps while the request is pending (for instance "Step 1 of 2"). */
  progress?: ReactNode;
  /** The viewer's actions and their dialogs, below the request. */
  children?: ReactNode;
}

/**
 * A record's approval request (SPEC §4): status, flow, requester, and each step with its
 * approvers' decisions and reasons. Invoices and payment runs share the approval engine and
 * show their requests alike; each passes its own actions.
 */
export function ApprovalSection({ approval, testId, stepsTestIdPrefix, statusTestId, progress, children }: ApprovalSectionProps) {
  const { t } = useTranslation('common');
  const titleId = `${testId}-title`;
  return (
    <section aria-labelledby={titleId} data-testid={testId} className="grid gap-3 rounded-lg border border-border bg-surface p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-base font-semibold text-foreground">
          {t('approval.title')}
        </h2>
        {approval ? (
          <Badge tone={STATUS_TONE[approval.status]} data-testid={statusTestId}>
            {t(`approval.statuses.${approval.status}`)}
          </Badge>
        ) : null}
      </div>
      {approval ? (
        <>
          <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
            <dt className="text-muted-foreground">{t('approval.flow')}</dt>
            <dd className="font-medium text-foreground">{approval.flowName}</dd>
            <dt className="text-muted-foreground">{t('approval.requested')}</dt>
            <dd className="text-foreground">
              {t('approval.requestedBy', {
                name: approval.requestedByName ?? t('approval.unknownRequester'),
                date: formatDateTime(approval.requestedAt, currentLocale()),
              })}
            </dd>
          </dl>
          {approval.status === 'pending' ? progress : null}
          <ApprovalSteps approval={approval} testIdPrefix={stepsTestIdPrefix} />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{t('approval.notRequested')}</p>
      )}
      {children}
    </section>
  );
}
