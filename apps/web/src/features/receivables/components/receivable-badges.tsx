import { useTranslation } from 'react-i18next';
import type { ReceivableStatus } from '@kontor/domain/receivables/receivable-status';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { dueStateOf, RECEIVABLE_STATUS_TONES } from '../model/receivable-display';

export function ReceivableStatusBadge({ status }: { status: ReceivableStatus }) {
  const { t } = useTranslation('receivables');
  return (
    <Badge tone={RECEIVABLE_STATUS_TONES[status]} data-testid="receivable-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/**
 * "due in 3 days", "due today", "overdue 5 days" (describeDue against today) while money is owed;
 * nothing for drafts and settled invoices. Overdue is red, due today amber.
 */
export function DueLabel({
  status,
  dueDate,
  today,
  className,
}: {
  status: ReceivableStatus;
  dueDate: string;
  today: string;
  className?: string;
}) {
  const { t } = useTranslation('receivables');
  const due = dueStateOf({ status, dueDate }, today);
  if (!due) return null;
  const text =
    due.kind === 'due_today'
      ? t('due.due_today')
      : due.kind === 'overdue'
        ? t('due.overdue', { count: due.days })
        : t('due.due_in', { count: due.days });
  return (
    <span
      data-testid="due-label"
      data-kind={due.kind}
      className={cn(
        'text-xs whitespace-nowrap',
        due.kind === 'overdue'
          ? 'font-semibold text-danger'
          : due.kind === 'due_today'
            ? 'font-medium text-warning'
            : 'text-muted-foreground',
        className,
      )}
    >
      {text}
    </span>
  );
}
