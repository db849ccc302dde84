import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '@/components/form-controls';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useCompanyBankAccounts } from '@/lib/master-data/company-bank-accounts';
import { formatIban } from '../../model/transaction-display';

/** The company account the payment leaves from (GET /company-bank-accounts). */
export function DebitorAccountField({ id }: { id: string }) {
  const { t } = useTranslation('transactions');
  const { control } = useFormContext<{ debitorBankAccountId: string }>();
  const accounts = useCompanyBankAccounts();
  const error = useFieldError('debitorBankAccountId');
  const items = accounts.data?.items ?? [];
  const hint = accounts.isError
    ? t('create.debitorLoadFailed')
    : accounts.isSuccess && items.length === 0
      ? t('create.noDebitorAccounts')
      : undefined;
  return (
    <FormField id={id} label={t('create.debitor')} error={error} hint={hint}>
      <Controller
        control={control}
        name="debitorBankAccountId"
        render={({ field }) => (
          <Select value={field.value || undefined} onValueChange={field.onChange} disabled={items.length === 0}>
            <SelectTrigger {...fieldAria(id, { error, hint: Boolean(hint) })} ref={field.ref} onBlur={field.onBlur}>
              <SelectValue placeholder={t('create.debitorPlaceholder')} />
            </SelectTrigger>
            <SelectContent>
              {items.map((account) => (
                <SelectItem key={account.id} value={account.id}>
                  {account.name} · {formatIban(account.iban)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </FormField>
  );
}
