import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { toast } from 'sonner';
import { ARCHIVE_TABS } from '@kontor/domain/screens';
import type { InvoiceListItem } from '@kontor/domain/invoices/invoice-schema';
import { NotAvailable } from '@/components/not-available';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@/lib/cn';
import { notifyError } from '@/lib/notify';
import { can, useSession } from '@/lib/session-context';
import { useInvoiceList } from '../api/list-invoices';
import { useRestoreArchivedInvoice } from '../api/restore-archived-invoice';
import { ArchiveTable } from '../components/archive-table';
import { InvoiceListBody } from '../components/invoice-list-body';
import { InvoiceToolbar } from '../components/invoice-toolbar';
import { nextSort, toListRequest } from '../components/list-query';
import { useListFilters } from '../components/use-list-filters';

type ArchiveTab = (typeof ARCHIVE_TABS)[number];

function ArchivedInvoices() {
  const { t } = useTranslation('invoices');
  const { filters, updateFilters } = useListFilters();
  const request = useMemo(() => toListRequest('archive', filters), [filters]);
  const list = useInvoiceList(request);
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const restore = useRestoreArchivedInvoice();

  const onRestore = (item: InvoiceListItem) =>
    restore.mutate(item.id, {
      onSuccess: () =>
        toast.success(t('archive.restored', { name: item.invoiceNumber ?? item.counterpartyName ?? item.fileName ?? '' })),
      onError: (error) => notifyError(error, t('archive.restoreFailed')),
    });

  return (
    <>
      <InvoiceToolbar search={filters.search} onSearch={(search) => updateFilters({ search })} />
      <InvoiceListBody
        list={list}
        items={items}
        hasFilters={filters.search !== ''}
        skeletonColumns={7}
        emptyTitle={t('archive.emptyTitle')}
        emptyDescription={t('archive.emptyDescription')}
      >
        <ArchiveTable
          items={items}
          sort={filters.sort}
          direction={filters.direction}
          onSort={(field) => updateFilters(nextSort(filters, field))}
          restoringId={restore.isPending ? (restore.variables ?? null) : null}
          onRestore={onRestore}
        />
      </InvoiceListBody>
    </>
  );
}

/** /{slug}/archive/{tab?}: archived invoices; the transactions tab needs payment_runs:manage (the guard redirects). */
export function ArchiveRoute() {
  const { t } = useTranslation('invoices');
  const session = useSession();
  const { tab: tabParam } = useParams();
  const tab: ArchiveTab = (ARCHIVE_TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as ArchiveTab) : 'invoices';
  const visibleTabs = ARCHIVE_TABS.filter((entry) => entry !== 'transactions' || can(session, 'payment_runs:manage'));

  return (
    <>
      <PageHeader title={t('archive.title')} description={t('archive.description')} />
      <nav aria-label={t('archive.tabsLabel')} className="mb-4 flex gap-1 overflow-x-auto border-b border-border">
        {visibleTabs.map((entry) => (
          <NavLink
            key={entry}
            to={`/${session.organization.slug}/archive/${entry}`}
            className={cn(
              '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground hover:text-foreground',
              'focus-visible:outline-2 focus-visible:outline-ring',
              entry === tab && 'border-primary text-primary',
            )}
            aria-current={entry === tab ? 'page' : undefined}
          >
            {t(`archive.tabs.${entry}`)}
          </NavLink>
        ))}
      </nav>
      {tab === 'invoices' ? <ArchivedInvoices /> : <NotAvailable screenName={t(`archive.tabs.${tab}`)} />}
    </>
  );
}
