import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, type FieldPath, type PathValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ArInvoiceInput } from '@kontor/domain/receivables/receivable-schema';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { hasErrorCode, isApiError } from '@/lib/api-error';
import { translateFieldMessage } from '@/lib/form-errors';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { useCreateReceivable } from '../../api/create-receivable';
import { receivableQueryOptions } from '../../api/get-receivable';
import { useIssueReceivable } from '../../api/issue-receivable';
import { receivableKeys } from '../../api/receivable-keys';
import { useUpdateReceivable } from '../../api/update-receivable';
import { withReadableStatus } from '../../model/receivable-errors';
import { receivableFormResolver } from '../../model/receivable-form-resolver';
import {
  isReceivableFormPath,
  mergeReceivableEdit,
  toReceivableFormValues,
  type ReceivableEditMerge,
  type ReceivableFormValues,
} from '../../model/receivable-form';

/** Save as a draft (or, for an issued invoice, save its changes), or save and issue. */
export type SaveIntent = 'save' | 'issue';

export interface ReceivableStaleState {
  fresh: ArInvoice;
  merge: ReceivableEditMerge;
}

/**
 * The form's state. It starts from one version of the invoice (`base`) and saves with that
 * version. A newer version in the cache (a payment, someone else's save) is taken over when that
 * loses nothing typed; a 409 stale_version opens the merge dialog and the typed values stay in
 * the form until the user chooses. "Issue" on a draft saves what is typed first, then issues the
 * saved version, so a failed issue leaves the draft saved and the form current.
 */
export function useReceivableEditor(
  record: ArInvoice | null,
  today: string,
  onCreated: (saved: ArInvoice) => void,
  /** A new document's first values when it does not start empty (a credit note from its invoice). */
  start?: ReceivableFormValues,
) {
  const { t } = useTranslation('receivables');
  const queryClient = useQueryClient();
  const create = useCreateReceivable();
  const update = useUpdateReceivable();
  const issue = useIssueReceivable();
  const [base, setBase] = useState(record);
  const [stale, setStale] = useState<ReceivableStaleState | null>(null);
  const [serverMessages, setServerMessages] = useState<string[]>([]);
  const [savingIntent, setSavingIntent] = useState<SaveIntent | null>(null);
  const form = useForm<ReceivableFormValues, unknown, ArInvoiceInput>({
    resolver: receivableFormResolver,
    defaultValues: start ?? toReceivableFormValues(record, today),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { isDirty } = form.formState;

  useEffect(() => {
    if (!record || !base || record.version <= base.version) return;
    const before = toReceivableFormValues(base, today);
    const after = toReceivableFormValues(record, today);
    if (!isDirty) {
      setBase(record);
      form.reset(after);
    } else if (mergeReceivableEdit(before, before, after).theirs.length === 0) {
      // Only the status or payments changed: what is typed still applies to the new version.
      setBase(record);
    }
  }, [record, base, isDirty, form, today]);

  const adopt = (saved: ArInvoice) => {
    setBase(saved);
    form.reset(toReceivableFormValues(saved, today));
  };

  const openStaleDialog = async (current: ArInvoice) => {
    try {
      const fresh = await queryClient.fetchQuery({ ...receivableQueryOptions(current.id), staleTime: 0 });
      const merge = mergeReceivableEdit(
        toReceivableFormValues(current, today),
        form.getValues(),
        toReceivableFormValues(fresh, today),
      );
      setStale({ fresh, merge });
    } catch (error) {
      notifyError(error, t('stale.loadFailed'));
    }
  };

  /** fieldErrors onto their fields, anything else above the form (it stays in view, unlike the toast). */
  const showServerErrors = (error: unknown) => {
    if (!isApiError(error)) return;
    const unmatched: string[] = [];
    for (const [path, messages] of Object.entries(error.fieldErrors ?? {})) {
      const message = messages.map((entry) => translateFieldMessage(entry) ?? entry).join(' ');
      if (!message) continue;
      if (isReceivableFormPath(path)) form.setError(path as FieldPath<ReceivableFormValues>, { type: 'server', message });
      else unmatched.push(message);
    }
    if (!error.fieldErrors) unmatched.push(getErrorMessage(error));
    setServerMessages(unmatched);
  };

  const onSaveFailed = async (failure: unknown) => {
    const error = withReadableStatus(failure, (status) => t(`status.${status}`));
    if (base && hasErrorCode(error, 'stale_version')) {
      await openStaleDialog(base);
      return;
    }
    // Someone paid or canceled it meanwhile: show its current state (the form turns read-only).
    if (base && hasErrorCode(error, 'ar_invoice_not_editable'))
      void queryClient.invalidateQueries({ queryKey: receivableKeys.detail(base.id) });
    showServerErrors(error);
    notifyError(error, t('form.saveFailed'));
  };

  const save = async (input: ArInvoiceInput, intent: SaveIntent) => {
    setServerMessages([]);
    let saved: ArInvoice;
    try {
      if (!base) saved = await create.mutateAsync({ ...input, issue: intent === 'issue' });
      else if (form.formState.isDirty)
        saved = await update.mutateAsync({ id: base.id, body: { ...input, version: base.version } });
      else saved = base;
    } catch (error) {
      await onSaveFailed(error);
      return;
    }
    adopt(saved);
    if (base && intent === 'issue' && saved.status === 'draft') {
      try {
        saved = await issue.mutateAsync({ id: saved.id, version: saved.version });
        adopt(saved);
      } catch (error) {
        const readable = withReadableStatus(error, (status) => t(`status.${status}`));
        notifyError(readable, saved === base ? t('form.issueFailed') : t('form.savedNotIssued'));
        return;
      }
    }
    if (saved.status === 'draft') notifySuccess(t('form.draftSaved'));
    else if (intent === 'issue') notifySuccess(t('form.issued', { number: saved.invoiceNumber ?? '' }));
    else notifySuccess(t('form.saved'));
    if (!base) onCreated(saved);
  };

  const submit = (intent: SaveIntent) =>
    form.handleSubmit(async (input) => {
      setSavingIntent(intent);
      try {
        await save(input, intent);
      } finally {
        setSavingIntent(null);
      }
    });

  const resolveStale = (choice: 'keep' | 'discard' | 'later') => {
    if (stale && choice !== 'later') {
      adopt(stale.fresh);
      setServerMessages([]);
      // Laid over the fresh version as changes, so the form stays dirty and the save goes on from there.
      if (choice === 'keep') {
        for (const field of stale.merge.mine) {
          const value = stale.merge.values[field] as PathValue<ReceivableFormValues, typeof field>;
          form.setValue(field, value, { shouldDirty: true });
        }
      }
      notifySuccess(t(choice === 'keep' ? 'stale.kept' : 'stale.discarded'));
    }
    setStale(null);
  };

  const discardChanges = () => {
    setServerMessages([]);
    form.reset(toReceivableFormValues(base, today));
  };

  return { form, base, submit, savingIntent, stale, resolveStale, serverMessages, discardChanges };
}
