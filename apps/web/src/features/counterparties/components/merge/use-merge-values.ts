import { useTranslation } from 'react-i18next';
import type { Counterparty } from '@kontor/domain/counterparties/counterparty-record';
import type { MergeableField } from '@kontor/domain/counterparties/merge';
import { formatIban } from '@kontor/domain/iban';
import { formatLedgerAccount } from '@kontor/domain/master-data';
import { formatPercentInput } from '@/lib/decimal-input';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { useLedgerAccounts } from '@/lib/master-data/ledger-accounts';
import { countryName } from '@/lib/country-options';

/** The label of a mergeable field: the record form's own labels, so both screens name fields alike. */
export function useMergeFieldLabel() {
  const { t } = useTranslation(['counterparties', 'counterparty-merge']);
  return (field: MergeableField) =>
    field === 'trust' ? t('counterparty-merge:values.trust') : t(`counterparties:fields.${field}`);
}

/** A field's value as the merge screen shows it, in the user's language; null for an empty value. */
export function useMergeValueFormatter() {
  const { t } = useTranslation('counterparty-merge');
  const ledgerAccounts = useLedgerAccounts();
  const locale = currentLocale();
  return (record: Counterparty, field: MergeableField): string | null => {
    switch (field) {
      case 'trust':
        return record.isTrusted
          ? record.trustedAt
            ? t('values.trustedSince', { date: formatDate(record.trustedAt, locale) })
            : t('values.trust')
          : t('values.notTrusted');
      case 'paymentRemindersEnabled':
        return record.paymentRemindersEnabled ? t('values.on') : t('values.off');
      case 'country':
        return record.country ? countryName(record.country, locale) : null;
      case 'skontoRate':
        return record.skontoRate === null ? null : `${formatPercentInput(record.skontoRate)} %`;
      case 'paymentTermsDays':
      case 'skontoDays':
        return record[field] === null ? null : t('values.days', { count: record[field] });
      case 'defaultLedgerAccountId': {
        if (!record.defaultLedgerAccountId) return null;
        const account = ledgerAccounts.data?.items.find((item) => item.id === record.defaultLedgerAccountId);
        return account ? formatLedgerAccount(account) : ledgerAccounts.isPending ? '…' : t('values.unknownLedgerAccount');
      }
      default:
        return record[field] || null;
    }
  };
}

/** A bank account as one line: name and grouped IBAN. */
export function formatBankAccount(account: { name: string; iban: string }): string {
  return [account.name, formatIban(account.iban)].filter(Boolean).join(' · ');
}
