import { Upload } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useQueryClient } from '@tanstack/react-query';
import { OwnAbsenceNotice } from '@/components/absences/own-absence-notice';
import { Button } from '@/components/ui/button';
import { TableSkeleton } from '@/components/table-skeleton';
import { PageHeader } from '@/components/ui/page-header';
import { queryKeys } from '@/lib/query-keys';
import { can, useSession } from '@/lib/session-context';
import { usePagedItems } from '@/lib/use-paged-items';
import { useInvoiceList } from '../api/list-invoices';
import { InvoiceListBody } from '../components/invoice-list-body';
import { InvoiceTable } from '../components/invoice-table';
import { InvoiceTabs } from '../components/invoice-tabs';
import { InvoiceToolbar } from '../components/invoice-toolbar';
import { APPROVAL_PROGRESS_TABS } from '@kontor/domain/approvals/approval-progress';
import { countActiveFilters, nextSort, readInvoiceTab, toListRequest } from '../components/list-query';
import { useListFilters } from '../components/use-list-filters';
import { useRowSelection } from '../components/use-row-selection';
import { RecentUploadsNotice } from '../components/recent-uploads-notice';
import { rememberUploads } from '../components/recent-uploads';
import { usePinnedUploads } from '../components/use-pinned-uploads';
import { useUploadQueue, type UploadSummary } from '../components/use-upload-queue';

// Loaded when first needed: they bring dialogs and selects the first paint of the list does not need.
const InvoiceFilterPanel = lazy(() =>
  import('../components/invoice-filter-panel').then((module) => ({ default: module.InvoiceFilterPanel })),
);
const BulkSelectionBar = lazy(() =>
  import('../components/bulk-selection-bar').then((module) => ({ default: module.BulkSelectionBar })),
);
const ExportInvoicesAction = lazy(() =>
  import('../components/export-invoices-action').then((module) => ({ default: module.ExportInvoicesAction })),
);
const UploadDialog = lazy(() => import('../components/upload-dialog').then((module) => ({ default: module.UploadDialog })));

/** /{slug}/invoices/{tab}: the accounts-payable overview (SPEC §2). */
export function InvoicesRoute() {
  // Not suspending on the namespace lets the first page's request start with this render: a
  // suspended route would wait for React's reveal throttle (about 300 ms) before its effects run.
  const { t, ready: isTranslated } = useTranslation('invoices', { useSuspense: false });
  const session = useSession();
  const { organization } = session;
  const tab = readInvoiceTab(useParams().tab);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { filters, updateFilters } = useListFilters();
  const request = useMemo(() => toListRequest(tab, filters), [tab, filters]);
  const list = useInvoiceList(request);
  const listedItems = usePagedItems(list.data);
  const counts = list.data?.pages[0]?.counts;
  const selection = useRowSelection(JSON.stringify(request));
  const activeFilterCount = countActiveFilters(filters);
  const pinned = usePinnedUploads(tab, activeFilterCount > 0 || filters.search !== '', listedItems);
  const items = pinned.rows;
  const showApprovalProgress = APPROVAL_PROGRESS_TABS.includes(tab);
  const [isFilterPanelOpen, setIsFilterPanelOpen] = useState(activeFilterCount > 0);
  const [isUploadOpen, setIsUploadOpen] = useState(false);

  const upload = useUploadQueue({
    onBatchFinished: ({ uploaded, failed, invoiceIds }: UploadSummary) => {
      rememberUploads(invoiceIds);
      void queryClient.invalidateQueries({ queryKey: queryKeys.invoices.lists() });
      // Uploads land in the new tab, first and highlighted there (usePinnedUploads).
      const show = {
        label: t('upload.showUploaded', { count: uploaded }),
        onClick: () => void navigate(`/${organization.slug}/invoices/new`),
      };
      if (failed === 0) toast.success(t('upload.summarySuccess', { count: uploaded }), { action: show });
      else if (uploaded === 0) toast.error(t('upload.summaryFailed', { count: failed }));
      else toast.warning(t('upload.summaryPartial', { uploaded, failed }), { action: show });
    },
  });

  // Exporting is for those who manage invoices (SPEC §2 export), from the approved tab.
  const canExport = tab === 'approved' && can(session, 'ap_invoices:manage');
  const selectedItems = items.filter((item) => selection.selected.has(item.id));

  // The table's shape while the namespace loads, not a spinner on an empty page.
  if (!isTranslated) return <TableSkeleton columns={8} />;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            {canExport && (counts?.approved ?? 0) > 0 ? (
              <Suspense fallback={null}>
                <ExportInvoicesAction invoiceIds={null} />
              </Suspense>
            ) : null}
            <Button onClick={() => setIsUploadOpen(true)}>
              <Upload aria-hidden="true" />
              {t('upload.open')}
            </Button>
          </>
        }
      />
      <InvoiceTabs slug={organization.slug} counts={counts} />
      {tab === 'my-approvals' ? <OwnAbsenceNotice /> : null}
      <InvoiceToolbar
        search={filters.search}
        onSearch={(search) => updateFilters({ search })}
        filterToggle={{
          activeCount: activeFilterCount,
          isOpen: isFilterPanelOpen,
          onToggle: () => setIsFilterPanelOpen((isOpen) => !isOpen),
        }}
        exportRequest={request}
      />
      <Suspense fallback={null}>
        {isFilterPanelOpen ? <InvoiceFilterPanel filters={filters} onChange={updateFilters} /> : null}
        {selectedItems.length > 0 ? (
          <BulkSelectionBar
            selected={selectedItems}
            items={items}
            canApprove={tab === 'my-approvals'}
            canExport={canExport}
            onDone={selection.clear}
          />
        ) : null}
      </Suspense>
      {pinned.pinnedCount > 0 ? <RecentUploadsNotice count={pinned.pinnedCount} /> : null}
      <InvoiceListBody
        list={list}
        items={items}
        hasFilters={activeFilterCount > 0 || filters.search !== ''}
        onUpload={() => setIsUploadOpen(true)}
        skeletonColumns={showApprovalProgress ? 9 : 8}
        emptyTitle={t(`list.empty.${tab}.title`)}
        emptyDescription={t(`list.empty.${tab}.description`)}
      >
        <InvoiceTable
          items={items}
          sort={filters.sort}
          direction={filters.direction}
          onSort={(field) => updateFilters(nextSort(filters, field))}
          selected={selection.selected}
          onToggle={selection.toggle}
          onToggleAll={selection.toggleAll}
          showApprovalProgress={showApprovalProgress}
          highlighted={pinned.highlighted}
          onOpenBlocked={() => toast.info(t('reading.cannotOpen'), { id: 'invoice-in-ocr' })}
          onOpen={(id) =>
            void navigate(`/${organization.slug}/invoices/${tab}/${id}`, {
              state: { from: `${location.pathname}${location.search}` },
            })
          }
        />
      </InvoiceListBody>
      {isUploadOpen ? (
        <Suspense fallback={null}>
          <UploadDialog open={isUploadOpen} onOpenChange={setIsUploadOpen} queue={upload} />
        </Suspense>
      ) : null}
    </>
  );
}
