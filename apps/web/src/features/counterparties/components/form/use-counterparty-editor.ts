import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Counterparty } from '@kontor/domain/counterparties/counterparty-record';
import { counterpartyQueryOptions } from '@/lib/master-data/counterparties';
import { getErrorMessage } from '@/lib/notify';
import { useVersionedEditor, type StaleState } from '@/lib/use-versioned-editor';
import { useCounterpartyMutations } from '../../api/counterparty-mutations';
import {
  isCounterpartyFormPath,
  mergeCounterpartyEdit,
  toCounterpartyFormValues,
  type CounterpartyEditMerge,
} from '../../model/counterparty-form';
import { counterpartyFormResolver } from '../../model/counterparty-form-resolver';

export type CounterpartyStaleState = StaleState<Counterparty, CounterpartyEditMerge>;

/**
 * The form's state. It starts from one version of the record and saves with that version; a 409
 * opens the stale dialog and the typed values stay in the form until the user chooses.
 */
export function useCounterpartyEditor(counterparty: Counterparty | null, onSaved: (saved: Counterparty) => void) {
  const { t } = useTranslation('counterparties');
  const queryClient = useQueryClient();
  return useVersionedEditor({
    record: counterparty,
    defaultValues: toCounterpartyFormValues(counterparty),
    resolver: counterpartyFormResolver,
    toValues: toCounterpartyFormValues,
    merge: mergeCounterpartyEdit,
    fetchFresh: (current) => queryClient.fetchQuery({ ...counterpartyQueryOptions(current.id), staleTime: 0 }),
    mutations: useCounterpartyMutations(),
    isFormPath: isCounterpartyFormPath,
    // "Already exists" onto the field it names; any other refusal without fieldErrors above the form.
    otherServerErrors: (error, setFieldError) => {
      const field = error.params?.field;
      if (
        error.code === 'counterparty_exists' &&
        typeof field === 'string' &&
        isCounterpartyFormPath(field) &&
        !error.fieldErrors?.[field]
      ) {
        setFieldError(field, getErrorMessage(error));
        return [];
      }
      return error.fieldErrors ? [] : [getErrorMessage(error)];
    },
    texts: {
      saved: (saved, wasNew) => t(wasNew ? 'form.created' : 'form.saved', { name: saved.name }),
      saveFailed: t('form.saveFailed'),
      staleLoadFailed: t('stale.loadFailed'),
      staleKept: t('stale.kept'),
      staleDiscarded: t('stale.discarded'),
    },
    onSaved,
  });
}
