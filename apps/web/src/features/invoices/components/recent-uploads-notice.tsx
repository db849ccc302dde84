import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { forgetUploads } from './recent-uploads';

/** Above the new tab while just-uploaded invoices are shown first: says why, and undoes it. */
export function RecentUploadsNotice({ count }: { count: number }) {
  const { t } = useTranslation('invoices');
  return (
    <Alert className="mb-4" data-testid="recent-uploads-notice">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>{t('upload.pinnedNotice', { count })}</p>
        <Button size="sm" variant="outline" onClick={forgetUploads}>
          {t('upload.pinnedDismiss')}
        </Button>
      </div>
    </Alert>
  );
}
