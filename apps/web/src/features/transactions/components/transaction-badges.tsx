import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TransactionAnalysisStatus } from '@kontor/domain/payments/transaction-analysis';
import type { TransactionStatus } from '@kontor/domain/payments/transaction-status';
import { Badge } from '@/components/ui/badge';
import { ANALYSIS_TONE } from '@/lib/payments/analysis-tone';
import { TRANSACTION_STATUS_TONE } from '@/lib/payments/transaction-status-tone';
import type { DueState } from '../model/transaction-display';

export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  const { t } = useTranslation('transactions');
  return (
    <Badge tone={TRANSACTION_STATUS_TONE[status]} data-testid="transaction-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** The analysis state, with the number of flags when there are any. */
export function AnalysisBadge({ status, flagCount }: { status: TransactionAnalysisStatus; flagCount: number }) {
  const { t } = useTranslation('transactions');
  const tone = ANALYSIS_TONE[status];
  const Icon = tone === 'success' ? ShieldCheck : ShieldAlert;
  return (
    <Badge tone={tone} data-testid="analysis-status">
      <Icon aria-hidden="true" className="size-3.5" />
      {t(`analysisStatus.${status}`)}
      {flagCount > 0 ? <span className="opacity-80">· {t('flagCount', { count: flagCount })}</span> : null}
    </Badge>
  );
}

/** "Overdue by 2 days" in red, "Due in 3 days" muted; nothing for payments already made. */
export function DueLabel({ due }: { due: DueState }) {
  const { t } = useTranslation('transactions');
  if (!due) return null;
  if (due.kind === 'overdue')
    return <span className="text-xs font-medium text-danger">{t('due.overdue', { count: due.days })}</span>;
  if (due.kind === 'today') return <span className="text-xs font-medium text-warning">{t('due.today')}</span>;
  return <span className="text-xs text-muted-foreground">{t('due.due', { count: due.days })}</span>;
}
