import { GitBranch, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { APPROVAL_FLOW_TYPES, type ApprovalFlow, type ApprovalFlowType } from '@kontor/domain/approvals/approval-flow';
import { AbsencesSection } from '@/components/absences/absences-section';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { TableSkeleton } from '@/components/table-skeleton';
import { useCostCenterLabel } from '@/lib/master-data/cost-centers';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session-context';
import { useApprovalFlowMutations } from '../api/approval-flow-mutations';
import { useApprovalFlows } from '../api/list-approval-flows';
import { FlowTypeTable } from '../components/flow-type-table';
import { moveItem } from '../model/flow-form';

/** /{slug}/settings/approval-flows: the flows per type, in the order they are tried (admin). */
export function ApprovalFlowsRoute() {
  const { t } = useTranslation('approval-flows');
  const { organization } = useSession();
  const navigate = useNavigate();
  const invoiceFlows = useApprovalFlows('invoice');
  const paymentRunFlows = useApprovalFlows('payment_run');
  const queries: Record<ApprovalFlowType, typeof invoiceFlows> = { invoice: invoiceFlows, payment_run: paymentRunFlows };
  const { remove, reorder } = useApprovalFlowMutations();
  const [deleting, setDeleting] = useState<ApprovalFlow | null>(null);

  const allFlows = [...(invoiceFlows.data?.items ?? []), ...(paymentRunFlows.data?.items ?? [])];
  const costCenterLabel = useCostCenterLabel(t('summary.unknownCostCenter'));

  const detailPath = (id?: string) => `/${organization.slug}/settings/approval-flows/detail${id ? `/${id}` : ''}`;
  const openCreate = () => void navigate(detailPath());

  const move = async (type: ApprovalFlowType, flows: ApprovalFlow[], index: number, direction: -1 | 1) => {
    const ids = moveItem(
      flows.map((flow) => flow.id),
      index,
      index + direction,
    );
    try {
      await reorder.mutateAsync({ type, ids });
      notifySuccess(t('list.moved'));
    } catch (error) {
      notifyError(error, t('list.moveFailed'));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: deleting.id, version: deleting.version });
      notifySuccess(t('delete.deleted', { name: deleting.name }));
    } catch (error) {
      notifyError(error, t('delete.failed'));
    }
    setDeleting(null);
  };

  const failed = APPROVAL_FLOW_TYPES.map((type) => queries[type]).find((query) => query.isError);
  let body: ReactNode;
  if (invoiceFlows.isPending || paymentRunFlows.isPending) body = <TableSkeleton columns={4} rows={3} />;
  else if (failed)
    body = (
      <ErrorState
        title={t('list.loadFailed')}
        error={failed.error}
        onRetry={() => APPROVAL_FLOW_TYPES.forEach((type) => void queries[type].refetch())}
        isRetrying={invoiceFlows.isFetching || paymentRunFlows.isFetching}
      />
    );
  else if (allFlows.length === 0)
    body = (
      <EmptyState
        icon={GitBranch}
        title={t('list.emptyTitle')}
        description={t('list.emptyDescription')}
        headingLevel={3}
        action={
          <Button onClick={openCreate}>
            <Plus aria-hidden="true" />
            {t('create')}
          </Button>
        }
      />
    );
  else
    body = APPROVAL_FLOW_TYPES.map((type) => {
      const flows = queries[type].data?.items ?? [];
      return (
        <FlowTypeTable
          key={type}
          type={type}
          flows={flows}
          costCenterLabel={costCenterLabel}
          isMoving={reorder.isPending}
          onMove={(index, direction) => void move(type, flows, index, direction)}
          onEdit={(flow) => void navigate(detailPath(flow.id))}
          onDelete={setDeleting}
        />
      );
    });

  return (
    <section className="grid gap-4" aria-labelledby="approval-flows-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="approval-flows-heading" className="text-lg font-semibold text-foreground">
            {t('title')}
          </h2>
          <p className="max-w-3xl text-sm text-muted-foreground">{t('description')}</p>
        </div>
        {/* The empty state brings its own "New flow": one button of that name at a time. */}
        {allFlows.length > 0 ? (
          <Button onClick={openCreate}>
            <Plus aria-hidden="true" />
            {t('create')}
          </Button>
        ) : null}
      </div>
      {body}
      <AbsencesSection />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('delete.title', { name: deleting?.name ?? '' })}
        description={t('delete.description')}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.keep')}
        tone="destructive"
        isPending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </section>
  );
}
