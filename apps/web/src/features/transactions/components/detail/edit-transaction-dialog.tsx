import { useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '@kontor/domain/payments/transaction-api';
import { DateControl, DecimalControl } from '@/components/form-controls';
import { StaleEditDialog } from '@/components/stale-edit-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { MONEY_INPUT } from '@/lib/decimal-input';
import { mergeStaleFields } from '@/lib/stale-merge';
import { useVersionedEditor } from '@/lib/use-versioned-editor';
import { transactionQueryOptions, useTransactionMutations } from '../../api/transactions-api';
import {
  EDIT_FIELDS,
  editTransactionResolver,
  toEditValues,
  type EditField,
  type EditTransactionBody,
  type EditTransactionValues,
} from '../../model/transaction-form';
import { DebitorAccountField } from '../create/debitor-account-field';
import { RemittanceField } from '../create/remittance-field';

/** Edit an open payment (PATCH with its version); a 409 opens the stale-edit dialog like every other editor. */
export function EditTransactionDialog({ transaction, onClose }: { transaction: Transaction; onClose: () => void }) {
  const { t } = useTranslation('transactions');
  const { t: tCommon } = useTranslation('common');
  const queryClient = useQueryClient();
  const { update } = useTransactionMutations();
  const editor = useVersionedEditor<Transaction, EditTransactionValues, EditTransactionBody, EditField>({
    record: transaction,
    defaultValues: toEditValues(transaction),
    resolver: editTransactionResolver,
    toValues: toEditValues,
    merge: (base, mine, fresh) => mergeStaleFields(EDIT_FIELDS, base, mine, fresh),
    fetchFresh: (current) => queryClient.fetchQuery({ ...transactionQueryOptions(current.id), staleTime: 0 }),
    // Payments are created in their own dialog: this editor only ever updates.
    mutations: { create: update as unknown as UseMutationResult<Transaction, Error, EditTransactionBody>, update },
    isFormPath: (path) => (EDIT_FIELDS as readonly string[]).includes(path),
    texts: {
      saved: () => t('edit.saved'),
      saveFailed: t('edit.failed'),
      staleLoadFailed: t('stale.loadFailed'),
      staleKept: t('stale.kept'),
      staleDiscarded: t('stale.discarded'),
    },
    onSaved: onClose,
  });
  const { form } = editor;
  const amountError = form.formState.errors.amount?.message;
  const dateError = form.formState.errors.requestedExecutionDate?.message;

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl" data-testid="edit-transaction-dialog">
        <FormProvider {...form}>
          <form noValidate onSubmit={(event) => void editor.submit(event)} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t('edit.title')}</DialogTitle>
              <DialogDescription>{t('edit.description')}</DialogDescription>
            </DialogHeader>
            {editor.serverMessages.length > 0 ? <Alert tone="danger">{editor.serverMessages.join(' ')}</Alert> : null}
            <FormField id="edit-transaction-amount" label={t('fields.amount')} error={amountError}>
              <DecimalControl
                id="edit-transaction-amount"
                name="amount"
                kind={MONEY_INPUT}
                error={amountError}
                hasHint={false}
                suffix={transaction.currency}
              />
            </FormField>
            <FormField id="edit-transaction-date" label={t('fields.requestedExecutionDate')} error={dateError}>
              <DateControl id="edit-transaction-date" name="requestedExecutionDate" error={dateError} hasHint={false} />
            </FormField>
            <RemittanceField id="edit-transaction-remittance" />
            <DebitorAccountField id="edit-transaction-debitor" />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {tCommon('actions.cancel')}
              </Button>
              <Button type="submit" isLoading={editor.isSaving}>
                {t('actions.save')}
              </Button>
            </DialogFooter>
          </form>
        </FormProvider>
        <StaleEditDialog<EditField>
          stale={editor.stale}
          onResolve={editor.resolveStale}
          text={(key, values) => t(`stale.${key}`, values ?? {})}
          fieldName={(field) => t(`fields.${field}`)}
          testId="transaction-stale-dialog"
        />
      </DialogContent>
    </Dialog>
  );
}
