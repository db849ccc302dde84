import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { companyBankAccountInputSchema, formatLedgerAccount, type CompanyBankAccount } from '@kontor/domain/master-data';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { translateFieldMessage, zodErrorOptions } from '@/lib/form-errors';
import { useCompanyBankAccountMutations } from '@/lib/master-data/company-bank-accounts';
import { useLedgerAccounts } from '@/lib/master-data/ledger-accounts';
import { EntityFormDialog } from './entity-form-dialog';
import { useEntitySave } from './use-entity-save';

const NONE = '__none__';
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** Create or edit a company bank account (the debitor invoices are paid from). */
export function BankAccountDialog({ account, onClose }: { account: CompanyBankAccount | null; onClose: () => void }) {
  const { t } = useTranslation(['master-data', 'validation']);
  const { create, update } = useCompanyBankAccountMutations();
  const form = useForm({
    resolver: zodResolver(companyBankAccountInputSchema, zodErrorOptions),
    defaultValues: {
      name: account?.name ?? '',
      iban: account?.iban ?? '',
      bic: account?.bic ?? null,
      isDefaultDebitor: account?.isDefaultDebitor ?? false,
      ledgerAccountId: account?.ledgerAccountId ?? null,
    },
  });
  const save = useEntitySave({
    setError: form.setError,
    fields: ['name', 'iban', 'bic', 'isDefaultDebitor', 'ledgerAccountId'],
    codeFields: { bank_account_conflict: 'iban' },
    successMessage: t('bankAccounts.saved'),
    onSaved: onClose,
  });
  const errors = form.formState.errors;
  const nameError = translateFieldMessage(errors.name?.message);
  const ibanError = translateFieldMessage(errors.iban?.message);
  const bicError = translateFieldMessage(errors.bic?.message);
  const ledgerError = translateFieldMessage(errors.ledgerAccountId?.message);
  const ledgerAccounts = useLedgerAccounts();
  const onSubmit = form.handleSubmit((input) =>
    save(() => (account ? update.mutateAsync({ id: account.id, version: account.version, input }) : create.mutateAsync(input))),
  );

  return (
    <EntityFormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={account ? t('bankAccounts.editTitle', { name: account.name }) : t('bankAccounts.createTitle')}
      onSubmit={(event) => void onSubmit(event)}
      isSaving={form.formState.isSubmitting}
    >
      <FormField id="bank-account-name" label={t('bankAccounts.name')} error={nameError}>
        <Input
          {...form.register('name')}
          {...fieldAria('bank-account-name', { error: nameError })}
          maxLength={100}
          autoComplete="off"
        />
      </FormField>
      <FormField id="bank-account-iban" label={t('bankAccounts.iban')} error={ibanError}>
        <Input
          {...form.register('iban')}
          {...fieldAria('bank-account-iban', { error: ibanError })}
          autoComplete="off"
          spellCheck={false}
        />
      </FormField>
      <FormField id="bank-account-bic" label={t('bankAccounts.bic')} error={bicError}>
        <Input
          {...form.register('bic', { setValueAs: emptyToNull })}
          {...fieldAria('bank-account-bic', { error: bicError })}
          maxLength={11}
          autoComplete="off"
          spellCheck={false}
        />
      </FormField>
      <FormField
        id="bank-account-ledger"
        label={t('bankAccounts.ledgerAccount')}
        hint={ledgerAccounts.isError ? t('bankAccounts.ledgerAccountsFailed') : t('bankAccounts.ledgerAccountHint')}
        error={ledgerError}
      >
        <Controller
          control={form.control}
          name="ledgerAccountId"
          render={({ field }) => (
            <Select value={field.value ?? NONE} onValueChange={(next) => field.onChange(next === NONE ? null : next)}>
              <SelectTrigger ref={field.ref} {...fieldAria('bank-account-ledger', { error: ledgerError, hint: true })}>
                <SelectValue placeholder={t('bankAccounts.noLedgerAccount')} />
              </SelectTrigger>
              <SelectContent className="max-h-80 overflow-y-auto">
                <SelectItem value={NONE}>{t('bankAccounts.noLedgerAccount')}</SelectItem>
                {(ledgerAccounts.data?.items ?? []).map((ledger) => (
                  <SelectItem key={ledger.id} value={ledger.id}>
                    {formatLedgerAccount(ledger)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <Controller
        control={form.control}
        name="isDefaultDebitor"
        render={({ field }) => (
          <div className="flex items-start gap-3">
            <Switch id="bank-account-default" checked={field.value} onCheckedChange={field.onChange} />
            <div className="grid gap-1">
              <Label htmlFor="bank-account-default">{t('bankAccounts.defaultDebitor')}</Label>
              <p className="text-xs text-muted-foreground">{t('bankAccounts.defaultDebitorHint')}</p>
            </div>
          </div>
        )}
      />
    </EntityFormDialog>
  );
}
