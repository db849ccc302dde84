import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { hasErrorCode, isApiError, type ApiError } from './api-error';
import { translateFieldMessage } from './form-errors';
import { notifyError, notifySuccess } from './notify';
import type { StaleMerge } from './stale-merge';

export type StaleChoice = 'keep' | 'discard' | 'later';

export interface StaleState<TRecord, TMerge> {
  fresh: TRecord;
  merge: TMerge;
}

interface VersionedRecord {
  id: string;
  version: number;
}

/** The texts the editor shows itself (toasts); the feature picks them from its own namespace. */
export interface VersionedEditorTexts<TRecord> {
  saved: (saved: TRecord, wasNew: boolean) => string;
  saveFailed: string;
  staleLoadFailed: string;
  staleKept: string;
  staleDiscarded: string;
}

export interface VersionedEditorOptions<
  TRecord extends VersionedRecord,
  TValues extends FieldValues,
  TBody,
  TField extends keyof TValues & FieldPath<TValues>,
> {
  /** null creates a new record. */
  record: TRecord | null;
  defaultValues: TValues;
  resolver: Resolver<TValues, unknown, TBody>;
  toValues: (record: TRecord) => TValues;
  merge: (base: TValues, mine: TValues, fresh: TValues) => StaleMerge<TValues, TField>;
  /** The latest version from the server, not from the cache. */
  fetchFresh: (record: TRecord) => Promise<TRecord>;
  mutations: {
    create: UseMutationResult<TRecord, Error, TBody>;
    update: UseMutationResult<TRecord, Error, { id: string; body: TBody & { version: number } }>;
  };
  /** Whether a server fieldError's path is a field of this form (otherwise it is shown above the form). */
  isFormPath: (path: string) => boolean;
  /** Errors beyond fieldErrors: may put a message on a field; returns the messages for above the form. */
  otherServerErrors?: (error: ApiError, setFieldError: (path: string, message: string) => void) => string[];
  texts: VersionedEditorTexts<TRecord>;
  onSaved: (saved: TRecord) => void;
}

/**
 * A form over one version of a record: it saves with that version; a 409 stale_version opens the
 * stale dialog (a merge of mine and theirs) and the typed values stay in the form until the user
 * chooses. The form is not reset when the cache refreshes underneath it.
 */
export function useVersionedEditor<
  TRecord extends VersionedRecord,
  TValues extends FieldValues,
  TBody,
  TField extends keyof TValues & FieldPath<TValues>,
>(options: VersionedEditorOptions<TRecord, TValues, TBody, TField>) {
  const { record, toValues, merge, fetchFresh, mutations, isFormPath, otherServerErrors, texts, onSaved } = options;
  const { create, update } = mutations;
  const [base, setBase] = useState(record);
  const [stale, setStale] = useState<StaleState<TRecord, StaleMerge<TValues, TField>> | null>(null);
  const [serverMessages, setServerMessages] = useState<string[]>([]);
  const form: UseFormReturn<TValues, unknown, TBody> = useForm<TValues, unknown, TBody>({
    resolver: options.resolver,
    defaultValues: options.defaultValues as DefaultValues<TValues>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const setFieldError = (path: string, message: string) => form.setError(path as FieldPath<TValues>, { type: 'server', message });

  const openStaleDialog = async (current: TRecord) => {
    try {
      const fresh = await fetchFresh(current);
      setStale({ fresh, merge: merge(toValues(current), form.getValues(), toValues(fresh)) });
    } catch (error) {
      notifyError(error, texts.staleLoadFailed);
    }
  };

  /** fieldErrors onto their fields, the rest above the form. */
  const applyServerErrors = (error: unknown): void => {
    if (!isApiError(error)) return;
    const unmatched: string[] = [];
    for (const [path, messages] of Object.entries(error.fieldErrors ?? {})) {
      const message = messages.map((entry) => translateFieldMessage(entry) ?? entry).join(' ');
      if (!message) continue;
      if (isFormPath(path)) setFieldError(path, message);
      else unmatched.push(message);
    }
    if (otherServerErrors) unmatched.push(...otherServerErrors(error, setFieldError));
    setServerMessages(unmatched);
  };

  const submit = form.handleSubmit(async (body) => {
    setServerMessages([]);
    try {
      const saved = base
        ? await update.mutateAsync({ id: base.id, body: { ...body, version: base.version } })
        : await create.mutateAsync(body);
      form.reset(toValues(saved));
      setBase(saved);
      notifySuccess(texts.saved(saved, base === null));
      onSaved(saved);
    } catch (error) {
      if (base && hasErrorCode(error, 'stale_version')) {
        await openStaleDialog(base);
        return;
      }
      applyServerErrors(error);
      notifyError(error, texts.saveFailed);
    }
  });

  const resolveStale = (choice: StaleChoice) => {
    if (stale && choice !== 'later') {
      setBase(stale.fresh);
      form.reset(toValues(stale.fresh));
      // Laid over the fresh version as changes, so the form stays dirty and the save goes on from there.
      if (choice === 'keep')
        for (const field of stale.merge.mine)
          form.setValue(field, stale.merge.values[field] as PathValue<TValues, TField>, { shouldDirty: true });
      notifySuccess(choice === 'keep' ? texts.staleKept : texts.staleDiscarded);
    }
    setStale(null);
  };

  return { form, submit, isSaving: create.isPending || update.isPending, stale, resolveStale, serverMessages, base };
}
