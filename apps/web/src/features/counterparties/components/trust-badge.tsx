import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

export function TrustBadge({ title }: { title?: string | undefined }) {
  const { t } = useTranslation('counterparties');
  return (
    <Badge tone="success" title={title} data-testid="trusted-badge">
      <ShieldCheck aria-hidden="true" className="size-3.5" />
      {t('trust.badge')}
    </Badge>
  );
}
