import { toast } from 'sonner';
import { isApiError, NETWORK_ERROR_CODE } from './api-error';
import { i18n } from './i18n';

/**
 * The user-facing text of any failure: the translated catalogue entry for the API's code
 * (`errors:<code>` with its params), else the server's message, else the generic sentence.
 */
export function getErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === NETWORK_ERROR_CODE) return i18n.t('common:errors.network');
    const key = `errors:${error.code}`;
    if (i18n.exists(key)) return i18n.t(key as 'errors:internal', error.params ?? {});
    if (error.message && error.status < 500) return error.message;
  }
  // The error catalogue loads after the first screen; a failure before that still reads as one.
  return i18n.t('errors:internal', { defaultValue: i18n.t('common:states.errorTitle') });
}

export function notifyError(error: unknown, title?: string): void {
  const message = getErrorMessage(error);
  if (title) toast.error(title, { description: message });
  else toast.error(message);
}

export function notifySuccess(message: string): void {
  toast.success(message);
}
