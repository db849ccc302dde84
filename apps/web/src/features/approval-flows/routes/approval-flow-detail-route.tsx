import { ArrowLeft, FileQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { APPROVAL_FLOW_TYPES, type ApprovalFlowType } from '@kontor/domain/approvals/approval-flow';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { isApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session-context';
import { useApprovalFlow } from '../api/get-approval-flow';
import { FlowEditor } from '../components/flow-editor';

function readType(value: string | null): ApprovalFlowType {
  return (APPROVAL_FLOW_TYPES as readonly string[]).includes(value ?? '') ? (value as ApprovalFlowType) : 'invoice';
}

/** /{slug}/settings/approval-flows/detail/{id?}: edit a flow, or create one when there is no id (admin). */
export function ApprovalFlowDetailRoute() {
  const { t } = useTranslation('approval-flows');
  const { organization } = useSession();
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const query = useApprovalFlow(id);
  const listPath = `/${organization.slug}/settings/approval-flows`;

  const backLink = (
    <Link to={listPath} className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('detail.back')}
    </Link>
  );

  let body;
  if (!id) body = <FlowEditor key="new" flow={null} initialType={readType(searchParams.get('type'))} listPath={listPath} />;
  else if (query.isPending) body = <LoadingState label={t('detail.loading')} />;
  else if (query.isError && !query.data) {
    // A malformed id (400) is as unknown as a missing one.
    body =
      isApiError(query.error) && (query.error.status === 404 || query.error.status === 400) ? (
        <EmptyState
          icon={FileQuestion}
          title={t('detail.notFoundTitle')}
          description={t('detail.notFoundDescription')}
          headingLevel={2}
          action={
            <Button asChild variant="outline">
              <Link to={listPath}>{t('detail.back')}</Link>
            </Button>
          }
        />
      ) : (
        <ErrorState
          title={t('detail.loadFailed')}
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      );
  } else body = <FlowEditor key={query.data.id} flow={query.data} initialType={query.data.type} listPath={listPath} />;

  return (
    <div className="grid gap-4">
      {backLink}
      {body}
    </div>
  );
}
