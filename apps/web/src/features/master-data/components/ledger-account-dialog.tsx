import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatLedgerAccount, ledgerAccountInputSchema, type LedgerAccount } from '@kontor/domain/master-data';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { translateFieldMessage, zodErrorOptions } from '@/lib/form-errors';
import { useLedgerAccountMutations } from '@/lib/master-data/ledger-accounts';
import { EntityFormDialog } from './entity-form-dialog';
import { useEntitySave } from './use-entity-save';

/** Create or edit a ledger account: numeric code and name, shown as "0000 - Name". */
export function LedgerAccountDialog({ account, onClose }: { account: LedgerAccount | null; onClose: () => void }) {
  const { t } = useTranslation(['master-data', 'validation']);
  const { create, update } = useLedgerAccountMutations();
  const form = useForm({
    resolver: zodResolver(ledgerAccountInputSchema, zodErrorOptions),
    defaultValues: { code: account?.code ?? '', name: account?.name ?? '' },
  });
  const save = useEntitySave({
    setError: form.setError,
    fields: ['code', 'name'],
    codeFields: { master_data_code_exists: 'code' },
    successMessage: t('ledgerAccounts.saved'),
    onSaved: onClose,
  });
  const codeError = translateFieldMessage(form.formState.errors.code?.message);
  const nameError = translateFieldMessage(form.formState.errors.name?.message);
  const onSubmit = form.handleSubmit((input) =>
    save(() => (account ? update.mutateAsync({ id: account.id, version: account.version, input }) : create.mutateAsync(input))),
  );

  return (
    <EntityFormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={account ? t('ledgerAccounts.editTitle', { account: formatLedgerAccount(account) }) : t('ledgerAccounts.createTitle')}
      description={t('ledgerAccounts.formDescription')}
      onSubmit={(event) => void onSubmit(event)}
      isSaving={form.formState.isSubmitting}
    >
      <FormField id="ledger-account-code" label={t('ledgerAccounts.code')} error={codeError}>
        <Input
          {...form.register('code')}
          {...fieldAria('ledger-account-code', { error: codeError })}
          inputMode="numeric"
          maxLength={9}
          autoComplete="off"
        />
      </FormField>
      <FormField id="ledger-account-name" label={t('ledgerAccounts.name')} error={nameError}>
        <Input
          {...form.register('name')}
          {...fieldAria('ledger-account-name', { error: nameError })}
          maxLength={100}
          autoComplete="off"
        />
      </FormField>
    </EntityFormDialog>
  );
}
