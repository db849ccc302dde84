import { useTranslation } from 'react-i18next';
import type { BankMatchView } from '@kontor/domain/banking/bank-transaction-api';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatMoney } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUnmatchBankTransaction } from '../../api/match-bank-transaction';

/**
 * Asks before undoing a match (both sides are open again, and automatic matching leaves the line
 * to people from then on), then undoes it and says so. `match` null: closed.
 */
export function UndoMatchDialog({
  match,
  targetText,
  onClose,
}: {
  match: BankMatchView | null;
  /** What the match is with, as the sentence names it ("Rechnung RE-17", "den Bankumsatz vom …"). */
  targetText: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('bank-transactions');
  const unmatch = useUnmatchBankTransaction();
  return (
    <ConfirmDialog
      open={match !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen && !unmatch.isPending) onClose();
      }}
      title={t('detail.matched.undoTitle')}
      description={match ? t('detail.matched.undoDescription', { amount: formatMoney(match.amount, match.line.currency) }) : ''}
      confirmLabel={t('detail.matched.undoConfirm')}
      cancelLabel={t('detail.matched.undoCancel')}
      tone="destructive"
      isPending={unmatch.isPending}
      onConfirm={() => {
        if (!match) return;
        // Awaited rather than passed to mutate(): the list holding this dialog may be gone when it answers.
        unmatch.mutateAsync(match).then(
          () => {
            notifySuccess(t('detail.matched.undone', { target: targetText }));
            onClose();
          },
          (error: unknown) => {
            notifyError(error, t('detail.matched.undoFailed'));
            onClose();
          },
        );
      }}
    />
  );
}
