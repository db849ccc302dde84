import { useTranslation } from 'react-i18next';
import { formatIban } from '@kontor/domain/iban';
import { formatLedgerAccount } from '@kontor/domain/master-data';
import { useCompanyBankAccounts } from '@/lib/master-data/company-bank-accounts';
import { useCostCenters } from '@/lib/master-data/cost-centers';
import { useLedgerAccounts } from '@/lib/master-data/ledger-accounts';
import { useTaxKeyLabel, useTaxKeys } from '@/lib/master-data/tax-keys';
import { formatPercentInput } from '@/lib/decimal-input';
import type { SelectOption } from './form-controls';

const codeAndName = (entry: { code: string; name: string }) => (entry.name ? `${entry.code} - ${entry.name}` : entry.code);

/** The organisation's master data as select options (settings › cost centres, ledger accounts, tax keys, bank accounts). */
export function useMasterDataOptions() {
  const { t } = useTranslation('invoice-detail');
  const costCenters1 = useCostCenters(1);
  const costCenters2 = useCostCenters(2);
  const ledgerAccounts = useLedgerAccounts();
  const taxKeys = useTaxKeys();
  const taxKeyLabel = useTaxKeyLabel();
  const bankAccounts = useCompanyBankAccounts();

  const options = {
    costCenters1: (costCenters1.data?.items ?? []).map((entry): SelectOption => ({ value: entry.id, label: codeAndName(entry) })),
    costCenters2: (costCenters2.data?.items ?? []).map((entry): SelectOption => ({ value: entry.id, label: codeAndName(entry) })),
    ledgerAccounts: (ledgerAccounts.data?.items ?? []).map((entry): SelectOption => ({
      value: entry.id,
      label: formatLedgerAccount(entry),
    })),
    taxKeys: (taxKeys.data?.items ?? []).map((entry): SelectOption => ({
      value: entry.id,
      label: entry.rate === null ? taxKeyLabel(entry) : `${taxKeyLabel(entry)} (${formatPercentInput(entry.rate)} %)`,
    })),
    bankAccounts: (bankAccounts.data?.items ?? []).map((entry): SelectOption => ({
      value: entry.id,
      label: `${entry.name} · ${formatIban(entry.iban)}${entry.isDefaultDebitor ? ` (${t('hints.defaultAccount')})` : ''}`,
    })),
  };
  const defaultBankAccountId = bankAccounts.data?.items.find((entry) => entry.isDefaultDebitor)?.id ?? null;
  return { options, defaultBankAccountId };
}
