import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import type { DownloadJob } from '@kontor/domain/exports/export-api';
import { useDownloadJobs } from '@/lib/exports/download-jobs';
import { DownloadJobItem } from './download-job-item';

/** The panel's body, built from the server's list (so it is the same after a reload), newest first. */
export function DownloadJobList() {
  const { t } = useTranslation('downloads');
  const jobs = useDownloadJobs();

  if (jobs.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner size="sm" />
        {t('panel.loading')}
      </p>
    );
  }
  // A failed poll keeps showing the list it has.
  if (jobs.isError && !jobs.data) {
    return (
      <Alert tone="danger">
        <p>{t('panel.loadFailed')}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void jobs.refetch()} isLoading={jobs.isFetching}>
          {t('panel.retry')}
        </Button>
      </Alert>
    );
  }
  const items = sortNewestFirst(jobs.data?.items ?? []);
  if (items.length === 0) {
    return <EmptyState icon={Download} title={t('panel.empty')} description={t('panel.emptyHint')} headingLevel={3} />;
  }
  return (
    <ul className="divide-y divide-border rounded-md border border-border" data-testid="download-job-list">
      {items.map((job) => (
        <DownloadJobItem key={job.id} job={job} />
      ))}
    </ul>
  );
}

/** The server answers newest first already; sorting here keeps the panel right whatever the order. */
function sortNewestFirst(items: DownloadJob[]): DownloadJob[] {
  return items.toSorted((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
