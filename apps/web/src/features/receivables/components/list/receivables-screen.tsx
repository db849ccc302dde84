import { FilePlus2, HandCoins, SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { todayIso } from '@kontor/domain/dates';
import { AR_INVOICE_TABS, type ArInvoiceTab } from '@kontor/domain/receivables/receivable-view';
import { ExportListButton } from '@/components/list-export/export-list-button';
import { PagedListBody, pagedListTexts } from '@/components/paged-list-body';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { currentLocale } from '@/lib/i18n';
import { useSession } from '@/lib/session-context';
import { usePagedItems } from '@/lib/use-paged-items';
import { useQueryStringFilters } from '@/lib/use-query-string-filters';
import { exportReceivableList } from '../../api/import-receivables';
import { useReceivableList } from '../../api/list-receivables';
import { newReceivableUrl, receivableUrl, type ReceivableLinkState } from '../../api/receivable-keys';
import {
  chooseTab,
  hasActiveFilters,
  nextSort,
  readReceivableFilters,
  toReceivableListQuery,
  writeReceivableFilters,
  type ReceivableListFilters,
} from '../../model/list-filters';
import { ReceivableFiltersBar } from './receivable-filters-bar';
import { ReceivableImportMenu } from './receivable-import-menu';
import { ReceivableTable } from './receivable-table';

function NewInvoiceButton({ variant = 'primary' }: { variant?: 'primary' | 'outline' }) {
  const { t } = useTranslation('receivables');
  const slug = useSession().organization.slug;
  return (
    <Button asChild variant={variant}>
      <Link to={newReceivableUrl(slug)}>
        <FilePlus2 aria-hidden="true" />
        {t('newInvoice')}
      </Link>
    </Button>
  );
}

function ReceivableList({
  filters,
  onChange,
  onOpen,
}: {
  filters: ReceivableListFilters;
  onChange: (change: Partial<ReceivableListFilters>) => void;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('receivables');
  const { t: tList } = useTranslation('receivables', { keyPrefix: 'list' });
  const query = useMemo(() => toReceivableListQuery(filters), [filters]);
  const list = useReceivableList(query);
  const items = usePagedItems(list.data);
  // The business day, as the server counts "overdue"; read once per render of the list.
  const today = todayIso();
  const empty = hasActiveFilters(filters) ? (
    <EmptyState
      icon={SearchX}
      title={t('list.noMatches.title')}
      description={t('list.noMatches.description')}
      action={
        <Button variant="outline" onClick={() => onChange({ filter: '', search: '' })}>
          {t('filters.reset')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={HandCoins}
      title={t(`list.empty.${filters.tab}`)}
      description={t('list.empty.description')}
      action={<NewInvoiceButton variant="outline" />}
    />
  );
  return (
    <PagedListBody
      list={list}
      itemCount={items.length}
      skeletonColumns={7}
      empty={empty}
      texts={pagedListTexts(tList, items.length)}
    >
      <ReceivableTable
        items={items}
        order={filters}
        onSort={(field) => onChange(nextSort(filters, field))}
        onOpen={onOpen}
        today={today}
      />
    </PagedListBody>
  );
}

/**
 * /{slug}/accounts-receivable (SPEC §1/§2, ar_invoices:manage): the outgoing invoices by tab,
 * with quick filters by due date, search, server-side order and keyset pages. Tab, filter,
 * search and order live in the query string.
 */
export function ReceivablesScreen() {
  const { t } = useTranslation('receivables');
  const session = useSession();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { filters, updateFilters } = useQueryStringFilters(readReceivableFilters, writeReceivableFilters);

  const open = (id: string) => {
    const state: ReceivableLinkState = { listSearch: search };
    void navigate(receivableUrl(session.organization.slug, id), { state });
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <ExportListButton
              onExport={(format) => exportReceivableList(toReceivableListQuery(filters), format)}
              doneMessage={(count) => t('list.exported', { count, formatted: count.toLocaleString(currentLocale()) })}
            />
            <ReceivableImportMenu slug={session.organization.slug} />
            <NewInvoiceButton />
          </>
        }
      />
      <Tabs value={filters.tab} onValueChange={(tab) => updateFilters(chooseTab(tab as ArInvoiceTab))}>
        <TabsList aria-label={t('tabs.label')}>
          {AR_INVOICE_TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {t(`tabs.${tab}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* One panel for every tab (the active one): the list stays mounted and keeps its rows while the next tab loads. */}
        <TabsContent value={filters.tab}>
          <ReceivableFiltersBar filters={filters} onChange={updateFilters} />
          <ReceivableList filters={filters} onChange={updateFilters} onOpen={open} />
        </TabsContent>
      </Tabs>
    </>
  );
}
