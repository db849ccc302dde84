import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Counterparty, CounterpartyFields } from '@kontor/domain/counterparties/counterparty-record';
import { hasErrorCode, isApiError } from '@/lib/api-error';
import { translateFieldMessage } from '@/lib/form-errors';
import { counterpartyQueryOptions } from '@/lib/master-data/counterparties';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { useCounterpartyMutations } from '../../api/counterparty-mutations';
import {
  isCounterpartyFormPath,
  mergeCounterpartyEdit,
  toCounterpartyFormValues,
  type CounterpartyEditMerge,
  type CounterpartyFormValues,
} from '../../model/counterparty-form';
import { counterpartyFormResolver } from '../../model/counterparty-form-resolver';

export interface CounterpartyStaleState {
  fresh: Counterparty;
  merge: CounterpartyEditMerge;
}

/**
 * The form's state. It starts from one version of the record and saves with that version; a 409
 * opens the stale dialog and the typed values stay in the form until the user chooses.
 */
export function useCounterpartyEditor(counterparty: Counterparty | null, onSaved: (saved: Counterparty) => void) {
  const { t } = useTranslation('counterparties');
  const queryClient = useQueryClient();
  const { create, update } = useCounterpartyMutations();
  const [base, setBase] = useState(counterparty);
  const [stale, setStale] = useState<CounterpartyStaleState | null>(null);
  const [serverMessages, setServerMessages] = useState<string[]>([]);
  const form = useForm<CounterpartyFormValues, unknown, CounterpartyFields>({
    resolver: counterpartyFormResolver,
    defaultValues: toCounterpartyFormValues(counterparty),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const openStaleDialog = async (current: Counterparty) => {
    try {
      const fresh = await queryClient.fetchQuery({ ...counterpartyQueryOptions(current.id), staleTime: 0 });
      setStale({
        fresh,
        merge: mergeCounterpartyEdit(toCounterpartyFormValues(current), form.getValues(), toCounterpartyFormValues(fresh)),
      });
    } catch (error) {
      notifyError(error, t('stale.loadFailed'));
    }
  };

  /** fieldErrors onto their fields; "already exists" onto the field it names; the rest above the form. */
  const applyServerErrors = (error: unknown): void => {
    if (!isApiError(error)) return;
    const unmatched: string[] = [];
    for (const [path, messages] of Object.entries(error.fieldErrors ?? {})) {
      const message = messages.map((entry) => translateFieldMessage(entry) ?? entry).join(' ');
      if (!message) continue;
      if (isCounterpartyFormPath(path)) {
        form.setError(path as FieldPath<CounterpartyFormValues>, { type: 'server', message });
      } else unmatched.push(message);
    }
    const field = error.params?.field;
    if (
      error.code === 'counterparty_exists' &&
      typeof field === 'string' &&
      isCounterpartyFormPath(field) &&
      !error.fieldErrors?.[field]
    ) {
      form.setError(field as FieldPath<CounterpartyFormValues>, { type: 'server', message: getErrorMessage(error) });
    } else if (!error.fieldErrors) unmatched.push(getErrorMessage(error));
    setServerMessages(unmatched);
  };

  const submit = form.handleSubmit(async (body) => {
    setServerMessages([]);
    try {
      const saved = base
        ? await update.mutateAsync({ id: base.id, body: { ...body, version: base.version } })
        : await create.mutateAsync(body);
      form.reset(toCounterpartyFormValues(saved));
      setBase(saved);
      notifySuccess(t(base ? 'form.saved' : 'form.created', { name: saved.name }));
      onSaved(saved);
    } catch (error) {
      if (base && hasErrorCode(error, 'stale_version')) {
        await openStaleDialog(base);
        return;
      }
      applyServerErrors(error);
      notifyError(error, t('form.saveFailed'));
    }
  });

  const resolveStale = (choice: 'keep' | 'discard' | 'later') => {
    if (stale && choice !== 'later') {
      setBase(stale.fresh);
      form.reset(toCounterpartyFormValues(stale.fresh));
      // Laid over the fresh version as changes, so the form stays dirty and the save goes on from there.
      if (choice === 'keep')
        for (const field of stale.merge.mine) form.setValue(field, stale.merge.values[field], { shouldDirty: true });
      notifySuccess(t(choice === 'keep' ? 'stale.kept' : 'stale.discarded'));
    }
    setStale(null);
  };

  return { form, submit, isSaving: create.isPending || update.isPending, stale, resolveStale, serverMessages, base };
}
