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

const comparable = (text: string) =>
  text
    .toLocaleLowerCase()
    .replace(/[\s.!:;,„“"'«»]+/g, ' ')
    .trim();

/**
 * The toast's title and description, without saying one sentence twice: when the server's
 * message is the title again (or contains it), the message alone; a title inside the message
 * is left out too.
 */
export function errorToastTexts(title: string | undefined, message: string): { title: string; description?: string } {
  if (!title) return { title: message };
  const [shortTitle, shortMessage] = [comparable(title), comparable(message)];
  if (shortMessage === '' || shortTitle.includes(shortMessage)) return { title };
  if (shortMessage.includes(shortTitle)) return { title: message };
  return { title, description: message };
}

export function notifyError(error: unknown, title?: string): void {
  notifyErrorText(getErrorMessage(error), title);
}

/** A failure whose sentence the caller already has (a translated field rule, for one). */
export function notifyErrorText(message: string, title?: string): void {
  const texts = errorToastTexts(title, message);
  toast.error(texts.title, texts.description ? { description: texts.description } : undefined);
}

export function notifySuccess(message: string): void {
  toast.success(message);
}
