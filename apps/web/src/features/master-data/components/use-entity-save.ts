import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { applyServerErrors } from './server-errors';

interface SaveOptions<T extends FieldValues> {
  setError: UseFormSetError<T>;
  fields: readonly Path<T>[];
  codeFields?: Partial<Record<string, Path<T>>>;
  successMessage: string;
  onSaved: () => void;
}

/**
 * Runs a create or update: success toasts and closes; a refusal lands on the form's fields
 * when it belongs to one, otherwise (stale version, no permission, …) in a toast.
 */
export function useEntitySave<T extends FieldValues>({ setError, fields, codeFields, successMessage, onSaved }: SaveOptions<T>) {
  const { t } = useTranslation('master-data');
  return async (run: () => Promise<unknown>) => {
    try {
      await run();
      notifySuccess(successMessage);
      onSaved();
    } catch (error) {
      if (!applyServerErrors(error, setError, fields, codeFields)) notifyError(error, t('form.saveFailed'));
    }
  };
}
