import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { INVOICE_CURRENCIES } from '@kontor/domain/invoices/invoice-fields';
import type { Transaction } from '@kontor/domain/payments/transaction-api';
import { DateControl, DecimalControl, useFieldError } from '@/components/form-controls';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { TEXTAREA_CLASS } from '@/components/ui/textarea-class';
import { CounterpartyFilter } from '@/components/counterparty-filter';
import { cn } from '@/lib/cn';
import { MONEY_INPUT } from '@/lib/decimal-input';
import { counterpartyQueryOptions } from '@/lib/master-data/counterparties';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useTransactionMutations } from '../../api/transactions-api';
import { localToday } from '../../model/transaction-display';
import { newTransactionDefaults, newTransactionResolver, type NewTransactionValues } from '../../model/transaction-form';
import { applyServerFieldErrors } from './apply-server-errors';
import { DebitorAccountField } from './debitor-account-field';
import { RemittanceField } from './remittance-field';

const FORM_FIELDS = [
  'counterpartyId',
  'creditorName',
  'creditorIban',
  'creditorBic',
  'amount',
  'currency',
  'requestedExecutionDate',
  'remittanceInformation',
  'debitorBankAccountId',
  'notes',
] as const;

function TextField({ name, label }: { name: 'creditorName' | 'creditorIban' | 'creditorBic'; label: string }) {
  const { register } = useFormContext<NewTransactionValues>();
  const error = useFieldError(name);
  const id = `new-transaction-${name}`;
  return (
    <FormField id={id} label={label} error={error}>
      <Input {...register(name)} {...fieldAria(id, { error })} autoComplete="off" />
    </FormField>
  );
}

/** The form inside the dialog: a fresh form each time the dialog opens. */
function NewTransactionForm({ onDone }: { onDone: (created: Transaction | null) => void }) {
  const { t } = useTranslation('transactions');
  const { t: tCommon } = useTranslation('common');
  const queryClient = useQueryClient();
  const { create } = useTransactionMutations();
  const form = useForm<NewTransactionValues, unknown, Parameters<typeof create.mutateAsync>[0]>({
    resolver: newTransactionResolver,
    defaultValues: newTransactionDefaults(localToday()),
  });
  const [counterpartyNote, setCounterpartyNote] = useState<string | null>(null);
  const counterpartyId = form.watch('counterpartyId');
  const notesError = form.formState.errors.notes?.message;
  const dateError = form.formState.errors.requestedExecutionDate?.message;
  const amountError = form.formState.errors.amount?.message;

  /** Choosing a counterparty fills in its name and first bank account; the fields stay editable. */
  const chooseCounterparty = async (id: string) => {
    form.setValue('counterpartyId', id || null);
    setCounterpartyNote(null);
    if (!id) return;
    try {
      const counterparty = await queryClient.fetchQuery(counterpartyQueryOptions(id));
      const account = counterparty.bankAccounts[0];
      form.setValue('creditorName', counterparty.name.slice(0, 70), { shouldValidate: form.formState.isSubmitted });
      form.setValue('creditorIban', account?.iban ?? '', { shouldValidate: form.formState.isSubmitted });
      form.setValue('creditorBic', account?.bic ?? '', { shouldValidate: form.formState.isSubmitted });
      if (!account) setCounterpartyNote(t('create.noBankAccount'));
    } catch (error) {
      notifyError(error);
    }
  };

  const submit = form.handleSubmit(async (body) => {
    try {
      const created = await create.mutateAsync(body);
      notifySuccess(t('create.created', { name: created.creditor.name }));
      onDone(created);
    } catch (error) {
      applyServerFieldErrors(form, error, FORM_FIELDS);
      notifyError(error, t('create.failed'));
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4" data-testid="new-transaction-form">
        <DialogHeader>
          <DialogTitle>{t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.description')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1">
          <CounterpartyFilter value={counterpartyId ?? ''} onChange={(id) => void chooseCounterparty(id)} />
          <p className="text-xs text-muted-foreground">{counterpartyNote ?? t('create.counterpartyHint')}</p>
        </div>
        <TextField name="creditorName" label={t('create.creditorName')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="creditorIban" label={t('create.creditorIban')} />
          <TextField name="creditorBic" label={t('create.creditorBic')} />
        </div>
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <FormField id="new-transaction-amount" label={t('create.amount')} error={amountError}>
            <DecimalControl id="new-transaction-amount" name="amount" kind={MONEY_INPUT} error={amountError} hasHint={false} />
          </FormField>
          <FormField id="new-transaction-currency" label={t('create.currency')}>
            <select
              id="new-transaction-currency"
              {...form.register('currency')}
              className="h-10 rounded-md border border-border bg-surface px-3 text-sm"
            >
              {INVOICE_CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <FormField id="new-transaction-date" label={t('create.executionDate')} error={dateError}>
          <DateControl id="new-transaction-date" name="requestedExecutionDate" error={dateError} hasHint={false} />
        </FormField>
        <RemittanceField id="new-transaction-remittance" />
        <DebitorAccountField id="new-transaction-debitor" />
        <FormField id="new-transaction-notes" label={t('create.notes')} error={notesError}>
          <textarea
            {...form.register('notes')}
            {...fieldAria('new-transaction-notes', { error: notesError })}
            maxLength={2000}
            className={cn(TEXTAREA_CLASS, 'min-h-20')}
          />
        </FormField>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onDone(null)}>
            {tCommon('actions.cancel')}
          </Button>
          <Button type="submit" isLoading={create.isPending}>
            {t('create.submit')}
          </Button>
        </DialogFooter>
      </form>
    </FormProvider>
  );
}

/** "New payment": a SEPA credit transfer by hand (issue 7 item 2). */
export function NewTransactionButton({ onCreated }: { onCreated: (created: Transaction) => void }) {
  const { t } = useTranslation('transactions');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="new-transaction">
        <Plus aria-hidden="true" />
        {t('actions.new')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-2xl" data-testid="new-transaction-dialog">
          {open ? (
            <NewTransactionForm
              onDone={(created) => {
                setOpen(false);
                if (created) onCreated(created);
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
