import { Layers } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BankMatchingStatus, BankTransactionDirection } from '@kontor/domain/banking/bank-transaction-api';
import { Badge } from '@/components/ui/badge';
import { MATCHING_STATUS_TONE } from '@/lib/bank-matching';
import { cn } from '@/lib/cn';
import { formatSignedAmount } from '../model/amounts';

/** SPEC §4 matching: not matched, partially matched, fully matched. */
export function MatchingBadge({ status }: { status: BankMatchingStatus }) {
  const { t } = useTranslation('bank-transactions');
  return (
    <Badge tone={MATCHING_STATUS_TONE[status]} data-testid="matching-status">
      {t(`matching.${status}`)}
    </Badge>
  );
}

/** The small mark of a transaction that is part of a batch booking (one statement entry, several transactions). */
export function BatchMarker() {
  const { t } = useTranslation('bank-transactions');
  return (
    <Badge tone="info" title={t('list.batchHint')} data-testid="batch-marker">
      <Layers aria-hidden="true" className="size-3" />
      {t('list.batch')}
      <span className="sr-only">: {t('list.batchHint')}</span>
    </Badge>
  );
}

/** "+1.234,56 €" in green for money in, "−89,90 €" for money out: the sign says it, the colour helps. */
export function SignedAmount({
  amount,
  currency,
  direction,
  className,
}: {
  amount: number;
  currency: string;
  direction: BankTransactionDirection;
  className?: string;
}) {
  return (
    <span
      className={cn('whitespace-nowrap tabular-nums', direction === 'incoming' ? 'text-success' : 'text-foreground', className)}
      data-testid="signed-amount"
      data-direction={direction}
    >
      {formatSignedAmount(amount, currency, direction)}
    </span>
  );
}
