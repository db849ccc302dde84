import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { hasErrorCode } from '@/lib/api-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { receivableQueryOptions } from '../../api/get-receivable';
import { withReadableStatus } from '../../model/receivable-errors';

export interface ReceivableActionTexts<T> {
  /** The success toast; from the answer where it tells more (paid in full or in part). */
  success: string | ((answer: T) => string);
  failure: string;
  /** Also told of a failure (a dialog puts a field error on its field). */
  onError?: (error: unknown) => void;
}

/**
 * Runs a status action of one invoice with its toasts; true when it succeeded (its dialog then
 * closes and forgets what was typed, and only then). A 409 (stale version, or a status that
 * changed meanwhile) means the screen acted on an old state and any retry would fail alike: the
 * latest version is loaded first and the toast says it is now shown.
 */
export function useReceivableAction(id: string, onDone: () => void) {
  const { t } = useTranslation('receivables');
  const queryClient = useQueryClient();
  return async <T>(action: () => Promise<T>, texts: ReceivableActionTexts<T>): Promise<boolean> => {
    try {
      const answer = await action();
      notifySuccess(typeof texts.success === 'function' ? texts.success(answer) : texts.success);
      onDone();
      return true;
    } catch (error) {
      texts.onError?.(error);
      const isOutdated = hasErrorCode(error, 'stale_version') || hasErrorCode(error, 'ar_invoice_transition');
      const isReloaded =
        isOutdated &&
        (await queryClient.fetchQuery({ ...receivableQueryOptions(id), staleTime: 0 }).then(
          () => true,
          () => false,
        ));
      if (isReloaded && hasErrorCode(error, 'stale_version'))
        toast.warning(texts.failure, { description: t('actions.reloaded') });
      else
        notifyError(
          withReadableStatus(error, (status) => t(`status.${status}`)),
          texts.failure,
        );
      return false;
    }
  };
}
