import { formatIban } from '@kontor/domain/iban';
import {
  emptyCounterpartyFields,
  type Counterparty,
  type CounterpartyFieldsInput,
} from '@kontor/domain/counterparties/counterparty-record';
import { mergeStaleFields, type StaleMerge } from '@/lib/stale-merge';
import { isCountryCode } from '@/lib/country-options';

/** What the form holds: exactly the input of the schema the server validates with (ARCHITECTURE §3.1). */
export type CounterpartyFormValues = CounterpartyFieldsInput;
export type CounterpartyFormField = keyof CounterpartyFormValues;
export type BankAccountFormValues = CounterpartyFormValues['bankAccounts'][number];

export const COUNTERPARTY_FORM_FIELDS = [
  'name',
  'vatNumber',
  'email',
  'description',
  'street',
  'zip',
  'city',
  'country',
  'bankAccounts',
  'accountsPayableNumber',
  'accountsReceivableNumber',
  'defaultLedgerAccountId',
  'paymentTermsDays',
  'skontoDays',
  'skontoRate',
  'paymentRemindersEnabled',
  'paymentReminderEmails',
  'leitwegId',
  'invoiceLanguage',
] as const satisfies readonly CounterpartyFormField[];

export const MAX_BANK_ACCOUNTS = 20;

export function isCounterpartyFormPath(path: string): boolean {
  return COUNTERPARTY_FORM_FIELDS.some((field) => path === field || path.startsWith(`${field}.`));
}

export function emptyBankAccount(): BankAccountFormValues {
  return { name: '', iban: '', bic: null };
}

/** The form's start: a loaded record (IBANs grouped in fours, as people read them), or an empty one. */
export function toCounterpartyFormValues(counterparty: Counterparty | null): CounterpartyFormValues {
  if (!counterparty) return emptyCounterpartyFields();
  return {
    name: counterparty.name,
    vatNumber: counterparty.vatNumber,
    email: counterparty.email,
    description: counterparty.description,
    street: counterparty.street,
    zip: counterparty.zip,
    city: counterparty.city,
    country: isCountryCode(counterparty.country) ? counterparty.country : null,
    bankAccounts: counterparty.bankAccounts.map((account) => ({
      id: account.id,
      name: account.name,
      iban: formatIban(account.iban),
      bic: account.bic,
    })),
    accountsPayableNumber: counterparty.accountsPayableNumber,
    accountsReceivableNumber: counterparty.accountsReceivableNumber,
    defaultLedgerAccountId: counterparty.defaultLedgerAccountId,
    paymentTermsDays: counterparty.paymentTermsDays,
    skontoDays: counterparty.skontoDays,
    skontoRate: counterparty.skontoRate,
    paymentRemindersEnabled: counterparty.paymentRemindersEnabled,
    paymentReminderEmails: counterparty.paymentReminderEmails,
    leitwegId: counterparty.leitwegId,
    invoiceLanguage: counterparty.invoiceLanguage,
  };
}

export type CounterpartyEditMerge = StaleMerge<CounterpartyFormValues, CounterpartyFormField>;

/**
 * Someone saved the counterparty while I edited it (409). Per field: what I changed keeps my
 * value, what I left alone takes theirs, so reloading never drops anything typed.
 */
export function mergeCounterpartyEdit(
  base: CounterpartyFormValues,
  mine: CounterpartyFormValues,
  fresh: CounterpartyFormValues,
): CounterpartyEditMerge {
  return mergeStaleFields(COUNTERPARTY_FORM_FIELDS, base, mine, fresh);
}
