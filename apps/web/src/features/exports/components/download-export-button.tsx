import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadJob } from '@kontor/domain/exports/export-api';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';

/**
 * Downloads a finished export through a fresh signed link (the link expires; the history stays):
 * the browser fetches the file from storage directly, however large it is.
 */
export function DownloadExportButton({ job, size = 'sm' }: { job: DownloadJob; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('exports');
  const [isLoading, setIsLoading] = useState(false);
  const download = async () => {
    setIsLoading(true);
    try {
      const link = await api.get<{ url: string }>(`/download-jobs/${job.id}/link`);
      const anchor = document.createElement('a');
      anchor.href = link.url;
      anchor.download = job.fileName ?? '';
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
    } catch (error) {
      notifyError(error, t('history.downloadFailed'));
    } finally {
      setIsLoading(false);
    }
  };
  return (
    <Button size={size} variant="outline" onClick={() => void download()} isLoading={isLoading}>
      <Download aria-hidden="true" />
      {t('history.download')}
    </Button>
  );
}
