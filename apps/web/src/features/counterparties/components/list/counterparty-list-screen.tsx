import { Plus, SearchX, Users } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ExportListButton } from '@/components/list-export/export-list-button';
import { PagedListBody, pagedListTexts } from '@/components/paged-list-body';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { currentLocale } from '@/lib/i18n';
import { useSession } from '@/lib/session-context';
import { usePagedItems } from '@/lib/use-paged-items';
import { exportCounterpartyList } from '../../api/export-counterparty-list';
import { useCounterpartyList } from '../../api/list-counterparties';
import { canManageCounterparties } from '../../model/counterparty-permissions';
import { hasActiveFilters, toListRequest } from '../../model/list-filters';
import { CounterpartyImportButton } from '../import/counterparty-import-button';
import { WaitingForMyVerification } from '../executive-verification/waiting-for-my-verification';
import { useMergeSelection } from '../merge/use-merge-selection';
import { CounterpartyTable } from './counterparty-table';
import { CounterpartyToolbar } from './counterparty-toolbar';
import { useCounterpartyFilters } from './use-counterparty-filters';

/** /{slug}/counterparties: search, filters, keyset pages (SPEC §2). */
export function CounterpartyListScreen() {
  const { t } = useTranslation('counterparties');
  const { t: tList } = useTranslation('counterparties', { keyPrefix: 'list' });
  const session = useSession();
  const navigate = useNavigate();
  const basePath = `/${session.organization.slug}/counterparties`;
  const canCreate = canManageCounterparties(session);
  const merging = useMergeSelection(basePath);
  const { filters, updateFilters } = useCounterpartyFilters();
  const request = useMemo(() => toListRequest(filters), [filters]);
  const list = useCounterpartyList(request);
  const items = usePagedItems(list.data);

  const createButton = (
    <Button asChild>
      <Link to={`${basePath}/new`}>
        <Plus aria-hidden="true" />
        {t('actions.new')}
      </Link>
    </Button>
  );

  const empty = hasActiveFilters(filters) ? (
    <EmptyState icon={SearchX} title={t('list.noMatches.title')} description={t('list.noMatches.description')} />
  ) : canCreate ? (
    <EmptyState icon={Users} title={t('list.empty.title')} description={t('list.empty.description')} action={createButton} />
  ) : (
    <EmptyState icon={Users} title={t('list.empty.noPermissionTitle')} description={t('list.empty.noPermission')} />
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <ExportListButton
              onExport={(format) => exportCounterpartyList(request, format)}
              doneMessage={(count) => t('list.exported', { count, formatted: count.toLocaleString(currentLocale()) })}
            />
            {canCreate ? (
              <>
                <CounterpartyImportButton />
                {createButton}
              </>
            ) : null}
          </>
        }
      />
      <WaitingForMyVerification basePath={basePath} />
      <CounterpartyToolbar filters={filters} onChange={updateFilters} />
      {canCreate ? merging.bar : null}
      <PagedListBody
        list={list}
        itemCount={items.length}
        skeletonColumns={8}
        empty={empty}
        texts={pagedListTexts(tList, items.length)}
      >
        <CounterpartyTable
          items={items}
          detailPath={(id) => `${basePath}/${id}`}
          onOpen={(id) => void navigate(`${basePath}/${id}`)}
          selection={canCreate ? merging.rowSelection : undefined}
        />
      </PagedListBody>
      {merging.dialog}
    </>
  );
}
