import { useTranslation } from 'react-i18next';
import type { Transaction } from '@kontor/domain/payments/transaction-api';
import { hasErrorCode } from '@/lib/api-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useTransactionMutations, type TransactionAction } from '../../api/transactions-api';

export interface ActionTexts {
  success: string;
  failure: string;
}

/**
 * Runs one action with the version shown and reports it by toast. A 409 stale_version means someone
 * else changed the payment: the latest version is loaded and the user is told to try again
 * (nothing typed is lost: the dialogs stay open on failure).
 */
export function useTransactionAction(transaction: Pick<Transaction, 'id' | 'version'>) {
  const { t } = useTranslation('transactions');
  const { act, reload } = useTransactionMutations();
  const run = async (action: TransactionAction, texts: ActionTexts): Promise<boolean> => {
    try {
      await act.mutateAsync({ id: transaction.id, version: transaction.version, action });
      notifySuccess(texts.success);
      return true;
    } catch (error) {
      if (hasErrorCode(error, 'stale_version')) {
        await reload(transaction.id);
        notifyError(error, t('stale.reloaded'));
      } else {
        notifyError(error, texts.failure);
      }
      return false;
    }
  };
  return { run, isPending: act.isPending, pendingKind: act.isPending ? act.variables.action.kind : null };
}
