import { useTranslation } from 'react-i18next';
import type { CounterpartyVerificationState } from '@kontor/domain/counterparties/counterparty-record';
import { Badge } from '@/components/ui/badge';

const TONES = { verified: 'success', pending: 'warning', mismatch: 'danger', unverified: 'neutral' } as const;

/** The list's verification column: a mismatch must stand out (a possible payment fraud). */
export function VerificationStateBadge({ state }: { state: CounterpartyVerificationState }) {
  const { t } = useTranslation('counterparties');
  return (
    <Badge tone={TONES[state]} data-testid="verification-state">
      {t(`list.verification.${state}`)}
    </Badge>
  );
}
