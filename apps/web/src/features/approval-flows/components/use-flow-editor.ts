import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ApprovalFlow, ApprovalFlowBody, ApprovalFlowType } from '@kontor/domain/approvals/approval-flow';
import { hasErrorCode, isApiError } from '@/lib/api-error';
import { translateFieldMessage } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useApprovalFlowMutations } from '../api/approval-flow-mutations';
import { approvalFlowQueryOptions } from '../api/get-approval-flow';
import { FLOW_FORM_FIELDS, mergeFlowEdit, toFlowFormValues, type FlowEditMerge, type FlowFormValues } from '../model/flow-form';
import { flowFormResolver } from '../model/flow-form-resolver';

export interface FlowStaleState {
  fresh: ApprovalFlow;
  merge: FlowEditMerge;
}

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
  const { create, update } = useApprovalFlowMutations();
  const [base, setBase] = useState(flow);
  const [stale, setStale] = useState<FlowStaleState | null>(null);
  const [serverMessages, setServerMessages] = useState<string[]>([]);
  const form = useForm<FlowFormValues, unknown, ApprovalFlowBody>({
    resolver: flowFormResolver,
    defaultValues: toFlowFormValues(flow, initialType),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const openStaleDialog = async (current: ApprovalFlow) => {
    try {
      const fresh = await queryClient.fetchQuery({ ...approvalFlowQueryOptions(current.id), staleTime: 0 });
      setStale({ fresh, merge: mergeFlowEdit(toFlowFormValues(current), form.getValues(), toFlowFormValues(fresh)) });
    } catch (error) {
      notifyError(error, t('stale.loadFailed'));
    }
  };

  const applyServerErrors = (error: unknown): void => {
    if (!isApiError(error) || !error.fieldErrors) return;
    const unmatched: string[] = [];
    for (const [path, messages] of Object.entries(error.fieldErrors)) {
      const message = messages.map((entry) => translateFieldMessage(entry) ?? entry).join(' ');
      if (!message) continue;
      if (isFormPath(path)) form.setError(path as FieldPath<FlowFormValues>, { type: 'server', message });
      else unmatched.push(message);
    }
    setServerMessages(unmatched);
  };

  const submit = form.handleSubmit(async (body) => {
    setServerMessages([]);
    try {
      const saved = base
        ? await update.mutateAsync({ id: base.id, body: { ...body, version: base.version } })
        : await create.mutateAsync(body);
      form.reset(toFlowFormValues(saved));
      setBase(saved);
      notifySuccess(t('detail.saved'));
      onSaved(saved);
    } catch (error) {
      if (base && hasErrorCode(error, 'stale_version')) {
        await openStaleDialog(base);
        return;
      }
      applyServerErrors(error);
      notifyError(error, t('detail.saveFailed'));
    }
  });

  const resolveStale = (choice: 'keep' | 'discard' | 'later') => {
    if (stale && choice !== 'later') {
      setBase(stale.fresh);
      form.reset(toFlowFormValues(stale.fresh));
      // Laid over the fresh version as changes, so the form stays dirty and the save goes on from there.
      if (choice === 'keep')
        for (const field of stale.merge.mine) form.setValue(field, stale.merge.values[field], { shouldDirty: true });
      notifySuccess(t(choice === 'keep' ? 'stale.kept' : 'stale.discarded'));
    }
    setStale(null);
  };

  return {
    form,
    submit,
    isSaving: create.isPending || update.isPending,
    stale,
    resolveStale,
    serverMessages,
  };
}
