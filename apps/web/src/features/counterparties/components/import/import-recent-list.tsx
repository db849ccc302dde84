import { useTranslation } from 'react-i18next';
import type { CounterpartyImportSummary } from '@kontor/domain/counterparties/counterparty-import';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime, formatNumber } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { useRecentImports } from './import-api';
import { isImportFinished, recentImportTone } from './import-model';

interface ImportRecentListProps {
  /** Opens the import: its progress while it runs, else its result. */
  onOpen: (item: CounterpartyImportSummary) => void;
  /** While a file uploads: opening another import then would race the upload's answer. */
  disabled?: boolean;
}

/**
 * The first step's way back to earlier imports: the dialog keeps nothing once closed, the server
 * keeps every import, so a long import's progress, result and download are found here again.
 */
export function ImportRecentList({ onOpen, disabled }: ImportRecentListProps) {
  const { t } = useTranslation('counterparty-import');
  const recent = useRecentImports();

  const body = () => {
    if (recent.isPending) {
      return (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner size="sm" />
          {t('recent.loading')}
        </p>
      );
    }
    // A failed background refresh keeps showing the list it has.
    if (recent.isError && !recent.data) {
      return (
        <Alert tone="danger">
          <p>{t('recent.loadFailed')}</p>
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={() => void recent.refetch()}
            isLoading={recent.isFetching}
          >
            {t('result.retry')}
          </Button>
        </Alert>
      );
    }
    const items = recent.data?.items ?? [];
    if (items.length === 0) return <p className="text-sm text-muted-foreground">{t('recent.empty')}</p>;
    return (
      <ul className="divide-y divide-border rounded-md border border-border">
        {items.map((item) => (
          <RecentImportItem key={item.id} item={item} onOpen={onOpen} disabled={disabled} />
        ))}
      </ul>
    );
  };

  return (
    <section className="grid gap-2" aria-labelledby="import-recent-title" data-testid="import-recent">
      <h3 id="import-recent-title" className="text-sm font-medium">
        {t('recent.title')}
      </h3>
      {body()}
    </section>
  );
}

function RecentImportItem({ item, onOpen, disabled }: { item: CounterpartyImportSummary } & ImportRecentListProps) {
  const { t } = useTranslation('counterparty-import');
  const locale = currentLocale();
  const date = formatDateTime(item.createdAt, locale);
  const isFinished = isImportFinished(item);
  const counts = isFinished
    ? t('recent.counts', { created: formatNumber(item.createdCount, locale), skipped: formatNumber(item.skippedCount, locale) })
    : t('recent.progress', {
        processed: formatNumber(item.processedRows, locale),
        total: formatNumber(item.totalRows ?? 0, locale),
      });
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2" data-testid="import-recent-item">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="truncate text-sm font-medium">{item.fileName}</p>
        <p className="text-xs text-muted-foreground">
          {item.createdByName ? t('recent.createdAtBy', { date, name: item.createdByName }) : t('recent.createdAt', { date })}
        </p>
        <p className="text-xs tabular-nums text-muted-foreground">{counts}</p>
      </div>
      <Badge tone={recentImportTone(item)}>{t(`recent.status.${item.status}`)}</Badge>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onOpen(item)}
        disabled={disabled}
        // The visible words first (spoken commands find the button), then which import it opens.
        aria-label={t(isFinished ? 'recent.showResultLabel' : 'recent.followLabel', { fileName: item.fileName })}
      >
        {t(isFinished ? 'recent.showResult' : 'recent.follow')}
      </Button>
    </li>
  );
}
