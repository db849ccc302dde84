import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { setDownloadsPanelOpen } from '@/lib/exports/download-jobs';
import { DownloadJobList } from './download-job-list';

/**
 * The downloads panel as a sheet at the right edge: it opens from the navigation and from the
 * export dialog alike, so it hangs on no trigger (on small screens the navigation is a closed drawer).
 */
export function DownloadsPanel() {
  const { t } = useTranslation('downloads');
  return (
    <Dialog open onOpenChange={setDownloadsPanelOpen}>
      <DialogContent
        className="top-0 right-0 left-auto h-full max-h-none w-md max-w-[92vw] translate-x-0 translate-y-0 content-start rounded-none"
        data-testid="downloads-panel"
      >
        <DialogHeader>
          <DialogTitle>{t('panel.title')}</DialogTitle>
          <DialogDescription>{t('panel.description')}</DialogDescription>
        </DialogHeader>
        <DownloadJobList />
      </DialogContent>
    </Dialog>
  );
}
