import { Download } from 'lucide-react';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { openDownloadsPanel, useDownloadJobs } from '@/lib/exports/download-jobs';

/**
 * The navigation's "Downloads" entry with the number of running exports. Its name stays
 * "Downloads" (the count is its description), so it is found the same with or without a badge.
 */
export function DownloadsTrigger({ className, onOpen }: { className?: string; onOpen?: () => void }) {
  const { t } = useTranslation('shell');
  const jobs = useDownloadJobs();
  const processingCount = jobs.data?.items.filter((job) => job.status === 'processing').length ?? 0;
  const descriptionId = useId();
  return (
    <>
      <button
        type="button"
        className={className}
        data-testid="downloads-trigger"
        aria-describedby={processingCount > 0 ? descriptionId : undefined}
        onClick={() => {
          // Closes the drawer on small screens first: the panel is a sheet of its own.
          onOpen?.();
          openDownloadsPanel();
        }}
      >
        <Download aria-hidden="true" />
        <span className="flex-1 text-left">{t('navigation.downloads')}</span>
        {processingCount > 0 ? (
          <Badge tone="info" aria-hidden="true" data-testid="downloads-badge">
            {processingCount}
          </Badge>
        ) : null}
      </button>
      {/* Outside the button, so that it describes it without becoming part of its name. The
          'downloads' texts load on demand; until then the badge is what there is. */}
      {processingCount > 0 ? (
        <Suspense fallback={null}>
          <ProcessingDescription id={descriptionId} count={processingCount} />
        </Suspense>
      ) : null}
    </>
  );
}

function ProcessingDescription({ id, count }: { id: string; count: number }) {
  const { t } = useTranslation('downloads');
  return (
    <span id={id} className="sr-only">
      {t('trigger.processing', { count })}
    </span>
  );
}
