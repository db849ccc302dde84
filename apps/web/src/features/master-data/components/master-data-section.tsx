import { FileSpreadsheet, Plus, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { TableSkeleton } from '@/components/table-skeleton';

interface MasterDataSectionProps {
  title: string;
  description: string;
  icon: LucideIcon;
  query: Pick<UseQueryResult<{ items: unknown[] }>, 'data' | 'isPending' | 'isError' | 'error' | 'refetch' | 'isFetching'>;
  emptyTitle: string;
  emptyDescription: string;
  onCreate: () => void;
  onImport?: () => void;
  /** The list; shown once there is something to list. */
  children: ReactNode;
  /** Create/edit, delete and import dialogs: mounted whatever the list's state. */
  dialogs: ReactNode;
}

/** One settings tab's frame: heading, New and Import, and the loading, error and empty states. */
export function MasterDataSection(props: MasterDataSectionProps) {
  const { t } = useTranslation('master-data');
  const { query } = props;
  const actions = (
    <div className="flex gap-2">
      {props.onImport ? (
        <Button variant="outline" onClick={props.onImport}>
          <FileSpreadsheet aria-hidden="true" />
          {t('actions.import')}
        </Button>
      ) : null}
      <Button onClick={props.onCreate}>
        <Plus aria-hidden="true" />
        {t('actions.create')}
      </Button>
    </div>
  );
  let body: ReactNode;
  if (query.isPending) body = <TableSkeleton columns={4} rows={5} />;
  else if (query.isError)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  else if ((query.data?.items.length ?? 0) === 0)
    body = <EmptyState icon={props.icon} title={props.emptyTitle} description={props.emptyDescription} headingLevel={3} />;
  else body = props.children;

  return (
    <section className="grid gap-4" aria-labelledby="master-data-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="master-data-heading" className="text-lg font-semibold text-foreground">
            {props.title}
          </h2>
          <p className="text-sm text-muted-foreground">{props.description}</p>
        </div>
        {actions}
      </div>
      {body}
      {props.dialogs}
    </section>
  );
}
