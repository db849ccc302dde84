import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApprovalFlow, ApprovalFlowType } from '@kontor/domain/approvals/approval-flow';
import { useVersionedEditor, type StaleState } from '@/lib/use-versioned-editor';
import { useApprovalFlowMutations } from '../api/approval-flow-mutations';
import { approvalFlowQueryOptions } from '../api/get-approval-flow';
import { FLOW_FORM_FIELDS, mergeFlowEdit, toFlowFormValues, type FlowEditMerge } from '../model/flow-form';
import { flowFormResolver } from '../model/flow-form-resolver';

export type FlowStaleState = StaleState<ApprovalFlow, FlowEditMerge>;

function isFormPath(path: string): boolean {
  return FLOW_FORM_FIELDS.some((field) => path === field || path.startsWith(`${field}.`));
}

/**
 * The flow editor's state. It starts from one version of the flow and saves with that version;
 * a 409 opens the stale dialog, and the typed values stay in the form until the user chooses.
 * The form is not reset when the cache refreshes underneath it (the 409 handler refetches all).
 */
export function useFlowEditor(flow: ApprovalFlow | null, initialType: ApprovalFlowType, onSaved: (saved: ApprovalFlow) => void) {
  const { t } = useTranslation('approval-flows');
  const queryClient = useQueryClient();
  return useVersionedEditor({
    record: flow,
    defaultValues: toFlowFormValues(flow, initialType),
    resolver: flowFormResolver,
    toValues: toFlowFormValues,
    merge: mergeFlowEdit,
    fetchFresh: (current) => queryClient.fetchQuery({ ...approvalFlowQueryOptions(current.id), staleTime: 0 }),
    mutations: useApprovalFlowMutations(),
    isFormPath,
    texts: {
      saved: () => t('detail.saved'),
      saveFailed: t('detail.saveFailed'),
      staleLoadFailed: t('stale.loadFailed'),
      staleKept: t('stale.kept'),
      staleDiscarded: t('stale.discarded'),
    },
    onSaved,
  });
}
