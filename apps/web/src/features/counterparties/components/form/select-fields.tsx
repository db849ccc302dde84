import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatLedgerAccount } from '@kontor/domain/master-data';
import { INVOICE_LANGUAGES, type InvoiceLanguage } from '@kontor/domain/receivables/customer-invoicing';
import { CountryCodeField } from '@/components/country-code-select';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useLedgerAccounts } from '@/lib/master-data/ledger-accounts';
import type { CounterpartyFormValues } from '../../model/counterparty-form';
import { fieldId, useFieldError } from './form-fields';

const NONE = '__none__';

/** The country in the interface language: EU member states first, a separator, then the rest (SPEC §9). */
export function CountrySelect({ className }: { className?: string }) {
  const { t } = useTranslation('counterparties');
  const { control } = useFormContext<CounterpartyFormValues>();
  return (
    <CountryCodeField
      id={fieldId('country')}
      label={t('fields.country')}
      control={control}
      name="country"
      error={useFieldError('country')}
      className={className}
      texts={{ none: t('form.country.none'), eu: t('form.country.eu'), others: t('form.country.others') }}
    />
  );
}

/** The default ledger account from the settings' list ("4400 - Wareneingang"), or none. */
export function LedgerAccountSelect({ className }: { className?: string }) {
  const { t } = useTranslation('counterparties');
  const { control } = useFormContext<CounterpartyFormValues>();
  const ledgerAccounts = useLedgerAccounts();
  const error = useFieldError('defaultLedgerAccountId');
  const id = fieldId('defaultLedgerAccountId');
  const hint = ledgerAccounts.isPending ? t('form.ledger.loading') : ledgerAccounts.isError ? t('form.ledger.failed') : undefined;
  return (
    <FormField id={id} label={t('fields.defaultLedgerAccountId')} hint={hint} error={error} className={className}>
      <Controller
        control={control}
        name="defaultLedgerAccountId"
        render={({ field }) => (
          <Select
            name={field.name}
            value={field.value ?? NONE}
            onValueChange={(next) => field.onChange(next === NONE ? null : next)}
          >
            <SelectTrigger ref={field.ref} onBlur={field.onBlur} {...fieldAria(id, { error, hint: Boolean(hint) })}>
              <SelectValue placeholder={t('form.ledger.none')} />
            </SelectTrigger>
            <SelectContent className="max-h-96 overflow-y-auto">
              <SelectItem value={NONE}>{t('form.ledger.none')}</SelectItem>
              {(ledgerAccounts.data?.items ?? []).map((account) => (
                <SelectItem key={account.id} value={account.id}>
                  {formatLedgerAccount(account)}
                </SelectItem>
              ))}
              {field.value && ledgerAccounts.data && !ledgerAccounts.data.items.some((account) => account.id === field.value) ? (
                <SelectItem value={field.value}>{t('detail.unknownLedgerAccount')}</SelectItem>
              ) : null}
            </SelectContent>
          </Select>
        )}
      />
    </FormField>
  );
}

/** The language Kontor writes this customer's invoices and invoice e-mails in. */
export function InvoiceLanguageSelect() {
  const { t } = useTranslation('counterparties');
  const { control } = useFormContext<CounterpartyFormValues>();
  const error = useFieldError('invoiceLanguage');
  const id = fieldId('invoiceLanguage');
  return (
    <FormField id={id} label={t('fields.invoiceLanguage')} error={error}>
      <Controller
        control={control}
        name="invoiceLanguage"
        render={({ field }) => (
          <Select name={field.name} value={field.value} onValueChange={(next) => field.onChange(next as InvoiceLanguage)}>
            <SelectTrigger ref={field.ref} onBlur={field.onBlur} {...fieldAria(id, { error })}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {INVOICE_LANGUAGES.map((language) => (
                <SelectItem key={language} value={language}>
                  {t(`form.languages.${language}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </FormField>
  );
}
