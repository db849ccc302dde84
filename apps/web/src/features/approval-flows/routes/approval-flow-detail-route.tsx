import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { APPROVAL_FLOW_TYPES, type ApprovalFlowType } from '@kontor/domain/approvals/approval-flow';
import { BackLink, RecordQueryView } from '@/components/record-states';
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

  return (
    <div className="grid gap-4">
      <BackLink to={listPath} label={t('detail.back')} />
      {id ? (
        <RecordQueryView
          query={query}
          loadingLabel={t('detail.loading')}
          notFound={{ title: t('detail.notFoundTitle'), description: t('detail.notFoundDescription') }}
          back={{ to: listPath, label: t('detail.back') }}
          loadFailedTitle={t('detail.loadFailed')}
        >
          {(flow) => <FlowEditor key={flow.id} flow={flow} initialType={flow.type} listPath={listPath} />}
        </RecordQueryView>
      ) : (
        <FlowEditor key="new" flow={null} initialType={readType(searchParams.get('type'))} listPath={listPath} />
      )}
    </div>
  );
}
