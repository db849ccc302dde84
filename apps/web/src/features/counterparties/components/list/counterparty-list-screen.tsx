import { Plus, SearchX, Users } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoadMoreSentinel } from '@/components/load-more-sentinel';
import { TableSkeleton } from '@/components/table-skeleton';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/lib/session-context';
import { useCounterpartyList } from '../../api/list-counterparties';
import { canManageCounterparties } from '../../model/counterparty-permissions';
import { hasActiveFilters, toListRequest } from '../../model/list-filters';
import { CounterpartyTable } from './counterparty-table';
import { CounterpartyToolbar } from './counterparty-toolbar';
import { useCounterpartyFilters } from './use-counterparty-filters';

/** /{slug}/counterparties: search, filters, keyset pages (SPEC §2). */
export function CounterpartyListScreen() {
  const { t } = useTranslation('counterparties');
  const session = useSession();
  const navigate = useNavigate();
  const basePath = `/${session.organization.slug}/counterparties`;
  const canCreate = canManageCounterparties(session);
  const { filters, updateFilters } = useCounterpartyFilters();
  const request = useMemo(() => toListRequest(filters), [filters]);
  const list = useCounterpartyList(request);
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);

  const createButton = (
    <Button asChild>
      <Link to={`${basePath}/new`}>
        <Plus aria-hidden="true" />
        {t('actions.new')}
      </Link>
    </Button>
  );

  let body;
  if (list.isPending) body = <TableSkeleton columns={8} />;
  else if (list.isError && items.length === 0) {
    body = (
      <ErrorState
        title={t('list.loadFailed')}
        error={list.error}
        onRetry={() => void list.refetch()}
        isRetrying={list.isFetching}
      />
    );
  } else if (items.length === 0) {
    body = hasActiveFilters(filters) ? (
      <EmptyState icon={SearchX} title={t('list.noMatches.title')} description={t('list.noMatches.description')} />
    ) : canCreate ? (
      <EmptyState icon={Users} title={t('list.empty.title')} description={t('list.empty.description')} action={createButton} />
    ) : (
      <EmptyState icon={Users} title={t('list.empty.noPermissionTitle')} description={t('list.empty.noPermission')} />
    );
  } else {
    body = (
      <div
        className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
        aria-busy={list.isFetching || undefined}
      >
        <CounterpartyTable
          items={items}
          detailPath={(id) => `${basePath}/${id}`}
          onOpen={(id) => void navigate(`${basePath}/${id}`)}
        />
        <LoadMoreSentinel
          isEnabled={Boolean(list.hasNextPage) && !list.isFetchingNextPage && !list.isFetchNextPageError}
          onVisible={() => void list.fetchNextPage()}
        />
        <div className="mt-3 flex flex-col items-center gap-2">
          {list.isFetchNextPageError ? <p className="text-sm text-danger">{t('list.loadMoreFailed')}</p> : null}
          {list.hasNextPage ? (
            <Button variant="outline" onClick={() => void list.fetchNextPage()} isLoading={list.isFetchingNextPage}>
              {t('list.loadMore')}
            </Button>
          ) : (
            <p className="text-xs text-muted-foreground">{t('list.shown', { count: items.length })}</p>
          )}
        </div>
      </div>
    );
  }

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={canCreate ? createButton : undefined} />
      <CounterpartyToolbar filters={filters} onChange={updateFilters} />
      {body}
    </>
  );
}
