import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { BADGE_TONES, type VerificationBadgeKey } from '../../model/email-verification-view';

/** not started / invitation sent / opened / completed – match / completed – mismatch / no answer … */
export function VerificationStatusBadge({ badgeKey }: { badgeKey: VerificationBadgeKey }) {
  const { t } = useTranslation('counterparty-verification');
  return (
    <Badge tone={BADGE_TONES[badgeKey]} data-testid="email-verification-status" data-status={badgeKey}>
      {t(`status.${badgeKey}`)}
    </Badge>
  );
}
