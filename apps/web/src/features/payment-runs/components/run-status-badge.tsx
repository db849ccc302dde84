import { useTranslation } from 'react-i18next';
import type { PaymentRunStatus } from '@kontor/domain/payments/payment-run-status';
import { Badge } from '@/components/ui/badge';
import { RUN_STATUS_TONE } from '../model/run-abilities';

export function RunStatusBadge({ status }: { status: PaymentRunStatus }) {
  const { t } = useTranslation('payment-runs');
  return (
    <Badge tone={RUN_STATUS_TONE[status]} data-testid="run-status">
      {t(`status.${status}`)}
    </Badge>
  );
}
