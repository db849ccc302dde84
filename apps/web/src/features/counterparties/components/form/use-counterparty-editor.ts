import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Counterparty } from '@kontor/domain/counterparties/counterparty-record';
import { counterpartyQueryOptions } from '@/lib/master-data/counterparties';
import { getErrorMessage } from '@/lib/notify';
import { useVersionedEditor, type StaleState } from '@/lib/use-versioned-editor';
import { useCounterpartyMutations } from '../../api/counterparty-mutations';
import { hasLostTrust } from '../../model/bank-detail-trust';
import {
  isCounterpartyFormPath,
  mergeCounterpartyEdit,
  toCounterpartyFormValues,
  type CounterpartyEditMerge,
} from '../../model/counterparty-form';
import { counterpartyFormResolver } from '../../model/counterparty-form-resolver';

export type CounterpartyStaleState = StaleState<Counterparty, CounterpartyEditMerge>;

/** Long enough to read the notice after the page changed to the counterparty's detail. */
const TRUST_NOTICE_MS = 15_000;

/**
 * The form's state. It starts from one version of the record and saves with that version; a 409
 * opens the stale dialog and the typed values stay in the form until the user chooses.
 */
export function useCounterpartyEditor(counterparty: Counterparty | null, onSaved: (saved: Counterparty) => void) {
  const { t } = useTranslation('counterparties');
  const queryClient = useQueryClient();
  // The version a save starts from (kept after each render), to tell what the save took away.
  const savedFrom = useRef(counterparty);
  const editor = useVersionedEditor({
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
    onSaved: (saved) => {
      // A new or changed IBAN removed the trust (server rule): say so louder than "saved", since
      // payments to this counterparty are checked again from now on.
      if (hasLostTrust(savedFrom.current, saved)) {
        toast.warning(t('form.trustRemoved', { name: saved.name }), {
          description: t('form.trustRemovedDescription'),
          duration: TRUST_NOTICE_MS,
        });
      }
      onSaved(saved);
    },
  });
  useEffect(() => {
    savedFrom.current = editor.base;
  }, [editor.base]);
  return editor;
}
