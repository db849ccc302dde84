import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { useSession } from '@/lib/session-context';
import { useAbsences } from '@/lib/absences';
import { LazyOwnAbsenceDialog } from './lazy-own-absence-dialog';

/**
 * Above "My approvals": the signed-in user's entered absence and who stands in, with a way to
 * change it. Nothing while it loads or when there is none: the list below is the page.
 */
export function OwnAbsenceNotice() {
  const { t } = useTranslation('absences');
  const session = useSession();
  const absences = useAbsences();
  const [isOpen, setIsOpen] = useState(false);
  const own = absences.data?.items.find((absence) => absence.userId === session.user.id);
  if (!own) return null;
  const locale = currentLocale();
  const texts = {
    from: formatDate(own.startsOn, locale),
    until: formatDate(own.endsOn, locale),
    substitute: own.substituteName,
  };
  return (
    <Alert className="mb-4" data-testid="own-absence-notice">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>{own.isActive ? t('banner', texts) : t('bannerPlanned', texts)}</p>
        <Button size="sm" variant="outline" onClick={() => setIsOpen(true)}>
          {t('bannerEdit')}
        </Button>
      </div>
      <LazyOwnAbsenceDialog open={isOpen} onOpenChange={setIsOpen} />
    </Alert>
  );
}
