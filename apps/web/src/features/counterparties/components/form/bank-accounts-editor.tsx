import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Counterparty } from '@kontor/domain/counterparties/counterparty-record';
import { formatIban, isIban } from '@kontor/domain/iban';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { willRemoveTrust } from '../../model/bank-detail-trust';
import { emptyBankAccount, MAX_BANK_ACCOUNTS, type CounterpartyFormValues } from '../../model/counterparty-form';
import { fieldId, FormSection, useFieldError } from './form-fields';

/** One account: name, IBAN (checked as typed, grouped in fours on leaving) and BIC. */
function BankAccountRow({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { t } = useTranslation('counterparties');
  const { register, trigger, getValues, setValue } = useFormContext<CounterpartyFormValues>();
  const base = `bankAccounts.${index}` as const;
  const nameError = useFieldError(`${base}.name`);
  const ibanError = useFieldError(`${base}.iban`);
  const bicError = useFieldError(`${base}.bic`);
  const ids = { name: fieldId(`${base}.name`), iban: fieldId(`${base}.iban`), bic: fieldId(`${base}.bic`) };
  const iban = register(`${base}.iban`, {
    // SPEC §5: a valid IBAN is required; the message shows while typing, not only on save.
    onChange: () => void trigger(`${base}.iban`),
  });
  const number = index + 1;
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-[1fr_2fr_1fr_auto] sm:items-start">
      <legend className="px-1 text-sm font-medium text-foreground">{t('form.bankAccount.legend', { index: number })}</legend>
      <FormField id={ids.name} label={t('form.bankAccount.name')} error={nameError}>
        <Input {...register(`${base}.name`)} {...fieldAria(ids.name, { error: nameError })} maxLength={100} autoComplete="off" />
      </FormField>
      <FormField id={ids.iban} label={t('form.bankAccount.iban')} error={ibanError}>
        <Input
          {...iban}
          {...fieldAria(ids.iban, { error: ibanError })}
          autoComplete="off"
          spellCheck={false}
          maxLength={42}
          className="font-mono"
          onBlur={(event) => {
            void iban.onBlur(event);
            const value = getValues(`${base}.iban`);
            if (value && isIban(value) && formatIban(value) !== value)
              setValue(`${base}.iban`, formatIban(value), { shouldDirty: true });
          }}
        />
      </FormField>
      <FormField id={ids.bic} label={t('form.bankAccount.bic')} error={bicError}>
        <Input
          {...register(`${base}.bic`, { setValueAs: (value: string | null) => value || null })}
          {...fieldAria(ids.bic, { error: bicError })}
          autoComplete="off"
          spellCheck={false}
          maxLength={11}
          className="font-mono uppercase"
        />
      </FormField>
      <Button
        variant="ghost"
        size="icon"
        className="sm:mt-7"
        onClick={onRemove}
        aria-label={t('form.bankAccount.remove', { index: number })}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </fieldset>
  );
}

/**
 * Add and remove bank accounts; an existing account keeps its id (and with it its verification
 * history). On a trusted record, a new or changed IBAN is announced before saving: it removes the trust.
 */
export function BankAccountsEditor({ record }: { record: Counterparty | null }) {
  const { t } = useTranslation('counterparties');
  const { control } = useFormContext<CounterpartyFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'bankAccounts', keyName: 'key' });
  const accounts = useWatch({ control, name: 'bankAccounts' });
  const isFull = fields.length >= MAX_BANK_ACCOUNTS;
  return (
    <FormSection id="counterparty-section-bank-accounts" title={t('form.sections.bankAccounts')}>
      {record && willRemoveTrust(record, accounts) ? (
        <Alert tone="warning" data-testid="counterparty-trust-warning">
          {t('form.bankAccount.trustWarning', { name: record.name })}
        </Alert>
      ) : null}
      {fields.length === 0 ? <p className="text-sm text-muted-foreground">{t('form.bankAccount.empty')}</p> : null}
      {fields.map((field, index) => (
        <BankAccountRow key={field.key} index={index} onRemove={() => remove(index)} />
      ))}
      <div className="flex items-center gap-3">
        <Button variant="outline" onClick={() => append(emptyBankAccount())} disabled={isFull}>
          <Plus aria-hidden="true" />
          {t('form.bankAccount.add')}
        </Button>
        {isFull ? (
          <span className="text-xs text-muted-foreground">{t('form.bankAccount.limit', { max: MAX_BANK_ACCOUNTS })}</span>
        ) : null}
      </div>
    </FormSection>
  );
}
