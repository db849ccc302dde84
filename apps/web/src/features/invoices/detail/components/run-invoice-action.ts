import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { hasErrorCode } from '@/lib/api-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { invoiceQueryOptions } from '../api/get-invoice';

export interface InvoiceActionTexts<T> {
  /** The success toast; from the answer where it tells more (how far an approval got). */
  success: string | ((answer: T) => string);
  failure: string;
}

/**
 * Runs a status or approval action of the invoice with its toasts; true when it succeeded (its
 * dialog then closes and forgets what was typed, and only then). A 409 stale_version means the
 * screen acted on an old version, and every retry would fail the same way: the latest version is
 * loaded first, and the toast says that it is now shown (or, if loading failed, the server's
 * "reload" message).
 */
export async function runInvoiceAction<T>(
  action: () => Promise<T>,
  texts: InvoiceActionTexts<T> & { reloaded: string },
  reload: () => Promise<unknown>,
): Promise<boolean> {
  try {
    const answer = await action();
    notifySuccess(typeof texts.success === 'function' ? texts.success(answer) : texts.success);
    return true;
  } catch (error) {
    const isReloaded =
      hasErrorCode(error, 'stale_version') &&
      (await reload().then(
        () => true,
        () => false,
      ));
    if (isReloaded) toast.warning(texts.failure, { description: texts.reloaded });
    else notifyError(error, texts.failure);
    return false;
  }
}

/**
 * runInvoiceAction for one invoice: a stale version reloads it from the server, not the cache.
 * After a success `onDone` runs (the screen closes its dialog), then the action's own `then`.
 */
export function useInvoiceActionRunner(invoiceId: string, onDone: () => void) {
  const { t } = useTranslation('invoice-detail');
  const queryClient = useQueryClient();
  return async <T>(action: () => Promise<T>, texts: InvoiceActionTexts<T>, then?: () => void): Promise<boolean> => {
    const isDone = await runInvoiceAction(action, { ...texts, reloaded: t('stale.reloaded') }, () =>
      queryClient.fetchQuery({ ...invoiceQueryOptions(invoiceId), staleTime: 0 }),
    );
    if (isDone) {
      onDone();
      then?.();
    }
    return isDone;
  };
}
