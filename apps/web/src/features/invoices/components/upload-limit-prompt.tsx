import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { isAdmin, useSession } from '@/lib/session-context';

/** The plan's invoice limit is reached (402): admins get the way to billing, others who to ask. */
export function UploadLimitPrompt() {
  const { t } = useTranslation('invoices');
  const session = useSession();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md border border-warning/40 bg-warning-background p-3 text-sm"
    >
      <Sparkles aria-hidden="true" className="size-5 text-warning" />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-foreground">{t('upload.limitTitle')}</p>
        <p className="text-muted-foreground">{isAdmin(session) ? t('upload.limitAdmin') : t('upload.limitMember')}</p>
      </div>
      {isAdmin(session) ? (
        <Button asChild size="sm">
          <Link to={`/${session.organization.slug}/settings/billing`}>{t('upload.upgrade')}</Link>
        </Button>
      ) : null}
    </div>
  );
}
