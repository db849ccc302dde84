import { useTranslation } from 'react-i18next';

/** Grey bars in the table's shape while the first page loads; announced once as loading. */
export function TableSkeleton({ columns, rows = 8 }: { columns: number; rows?: number }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="status"
      aria-live="polite"
      // The first screen is not shown while this is on the page (lib/first-screen).
      data-loading-placeholder=""
      className="overflow-hidden rounded-lg border border-border bg-surface"
    >
      <span className="sr-only">{t('states.loading')}</span>
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className="flex gap-4 border-b border-border px-3 py-3 last:border-b-0">
          {Array.from({ length: columns }, (_, column) => (
            <div key={column} className="h-3 flex-1 animate-pulse rounded bg-muted" />
          ))}
        </div>
      ))}
    </div>
  );
}
