import { useTranslation } from 'react-i18next';
import type { ExecutiveVerificationView } from '@kontor/domain/counterparties/executive-verification-api';
import { Badge } from '@/components/ui/badge';
import { EXECUTIVE_BADGE_TONES } from '../../model/executive-verification-view';

/** not requested / request sent · 1 of 2 approved / approved · 2 of 2 / rejected */
export function ExecutiveVerificationBadge({ verification }: { verification: ExecutiveVerificationView | null }) {
  const { t } = useTranslation('counterparty-executive');
  const outcome = verification?.outcome ?? 'none';
  const counts = verification ? { approvals: verification.approvals, required: verification.requiredApprovals } : {};
  return (
    <Badge tone={EXECUTIVE_BADGE_TONES[outcome]} data-testid="executive-verification-status" data-status={outcome}>
      {outcome === 'none' ? t('status.none') : t(`status.${outcome}`, counts)}
    </Badge>
  );
}
