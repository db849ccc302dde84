import { Archive, CalendarClock, Pencil, RotateCcw, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isIsoDate } from '@kontor/domain/dates';
import { transactionReasonActionBodySchema, type Transaction } from '@kontor/domain/payments/transaction-api';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { DateInput } from '@/components/ui/date-input';
import { isEditable } from '../../model/transaction-display';
import { EditTransactionDialog } from './edit-transaction-dialog';
import { ReasonDialog } from '@/components/reason-dialog';
import { useTransactionAction } from './use-transaction-action';

type ReasonKind = 'cancel' | 'archive';

/** Postpone: out of the run and open again, optionally on a new date. */
function PostponeDialog({
  transaction,
  open,
  onOpenChange,
}: {
  transaction: Transaction;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('transactions');
  const { t: tCommon } = useTranslation('common');
  const { run, isPending } = useTransactionAction(transaction);
  const [date, setDate] = useState<string | null>(null);
  const dateError = date !== null && !isIsoDate(date) ? tCommon('validation.date') : undefined;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (dateError) return;
    const done = await run(
      { kind: 'postpone', ...(date ? { requestedExecutionDate: date } : {}) },
      { success: t('done.postpone'), failure: t('failed.postpone') },
    );
    if (done) {
      setDate(null);
      onOpenChange(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="postpone-dialog">
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('postpone.title')}</DialogTitle>
            <DialogDescription>{t('postpone.description')}</DialogDescription>
          </DialogHeader>
          <FormField id="postpone-date" label={t('postpone.date')} error={dateError}>
            <DateInput {...fieldAria('postpone-date', { error: dateError })} value={date} onValueChange={setDate} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {tCommon('actions.cancel')}
            </Button>
            <Button type="submit" isLoading={isPending}>
              {t('postpone.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The actions the transition table allows now (`allowedEvents`), plus editing while open and in no run. */
export function TransactionActions({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation('transactions');
  const { run, isPending, pendingKind } = useTransactionAction(transaction);
  const [reasonKind, setReasonKind] = useState<ReasonKind | null>(null);
  const [isPostponing, setIsPostponing] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const allows = (event: Transaction['allowedEvents'][number]) => transaction.allowedEvents.includes(event);

  return (
    <div className="flex flex-wrap gap-2" data-testid="transaction-actions">
      {isEditable(transaction) ? (
        <Button size="sm" variant="outline" onClick={() => setIsEditing(true)}>
          <Pencil aria-hidden="true" />
          {t('actions.edit')}
        </Button>
      ) : null}
      {allows('postpone') ? (
        <Button size="sm" variant="outline" onClick={() => setIsPostponing(true)}>
          <CalendarClock aria-hidden="true" />
          {t('actions.postpone')}
        </Button>
      ) : null}
      {allows('reactivate') ? (
        <Button
          size="sm"
          variant="outline"
          isLoading={pendingKind === 'reactivate'}
          onClick={() => void run({ kind: 'reactivate' }, { success: t('done.reactivate'), failure: t('failed.reactivate') })}
        >
          <RotateCcw aria-hidden="true" />
          {t('actions.reactivate')}
        </Button>
      ) : null}
      {allows('archive') ? (
        <Button size="sm" variant="outline" onClick={() => setReasonKind('archive')}>
          <Archive aria-hidden="true" />
          {t('actions.archive')}
        </Button>
      ) : null}
      {allows('cancel') ? (
        <Button size="sm" variant="destructive" onClick={() => setReasonKind('cancel')}>
          <XCircle aria-hidden="true" />
          {t('actions.cancel')}
        </Button>
      ) : null}
      <ReasonDialog
        open={reasonKind !== null}
        onOpenChange={(open) => (open ? undefined : setReasonKind(null))}
        title={reasonKind === 'archive' ? t('reasonDialog.archiveTitle') : t('reasonDialog.cancelTitle')}
        description={reasonKind === 'archive' ? t('reasonDialog.archiveDescription') : t('reasonDialog.cancelDescription')}
        label={t('reasonDialog.reason')}
        confirm={reasonKind === 'archive' ? t('reasonDialog.confirmArchive') : t('reasonDialog.confirmCancel')}
        tone={reasonKind === 'cancel' ? 'destructive' : 'primary'}
        schema={transactionReasonActionBodySchema.shape.reason}
        isPending={isPending}
        testId="transaction-reason-dialog"
        onConfirm={(reason) =>
          reasonKind
            ? run({ kind: reasonKind, reason }, { success: t(`done.${reasonKind}`), failure: t(`failed.${reasonKind}`) })
            : Promise.resolve(false)
        }
      />
      <PostponeDialog transaction={transaction} open={isPostponing} onOpenChange={setIsPostponing} />
      {isEditing ? <EditTransactionDialog transaction={transaction} onClose={() => setIsEditing(false)} /> : null}
    </div>
  );
}
