import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIban } from '@kontor/domain/iban';
import type { CompanyBankAccount } from '@kontor/domain/master-data';
import { Badge } from '@/components/ui/badge';
import { Switch } from '@/components/ui/switch';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { useCompanyBankAccountMutations, useCompanyBankAccounts } from '@/lib/master-data/company-bank-accounts';
import { notifyError, notifySuccess } from '@/lib/notify';
import { BankAccountDialog } from '../components/bank-account-dialog';
import { DeleteDialog } from '../components/delete-dialog';
import { latestItem } from '../components/latest-item';
import { MasterDataSection } from '../components/master-data-section';
import { MasterDataTable, type Column } from '../components/master-data-table';

/** /{slug}/settings/bank-accounts: the company's accounts and which one is the default debitor. */
export function BankAccountsRoute() {
  const { t } = useTranslation('master-data');
  const query = useCompanyBankAccounts();
  const { update, remove } = useCompanyBankAccountMutations();
  const [editing, setEditing] = useState<{ account: CompanyBankAccount | null } | null>(null);
  const [deleting, setDeleting] = useState<CompanyBankAccount | null>(null);

  const setDefault = (account: CompanyBankAccount, isDefaultDebitor: boolean) =>
    update.mutate(
      {
        id: account.id,
        version: account.version,
        input: {
          name: account.name,
          iban: account.iban,
          bic: account.bic,
          isDefaultDebitor,
          ledgerAccountId: account.ledgerAccountId,
        },
      },
      {
        onSuccess: () => notifySuccess(t('bankAccounts.saved')),
        onError: (error) => notifyError(error, t('form.saveFailed')),
      },
    );

  const columns: Column<CompanyBankAccount>[] = [
    { key: 'name', header: t('bankAccounts.name'), cell: (item) => <span className="font-medium">{item.name}</span> },
    {
      key: 'iban',
      header: t('bankAccounts.iban'),
      cell: (item) => <span className="font-mono text-xs">{formatIban(item.iban)}</span>,
    },
    { key: 'bic', header: t('bankAccounts.bic'), cell: (item) => item.bic ?? '—' },
    {
      key: 'default',
      header: t('bankAccounts.defaultDebitor'),
      cell: (item) => (
        <span className="inline-flex items-center gap-2">
          <Switch
            checked={item.isDefaultDebitor}
            disabled={update.isPending}
            onCheckedChange={(checked) => setDefault(item, checked)}
            aria-label={t('bankAccounts.defaultDebitorFor', { name: item.name })}
          />
          {item.isDefaultDebitor ? <Badge tone="primary">{t('bankAccounts.default')}</Badge> : null}
        </span>
      ),
    },
    {
      key: 'sync',
      header: t('bankAccounts.lastSync'),
      cell: (item) => (item.lastSyncAt ? formatDate(item.lastSyncAt, currentLocale()) : t('bankAccounts.neverSynced')),
      className: 'text-muted-foreground',
    },
  ];

  const dialogs = (
    <>
      {editing ? (
        <BankAccountDialog account={latestItem(query.data?.items, editing.account)} onClose={() => setEditing(null)} />
      ) : null}
      <DeleteDialog
        name={deleting?.name ?? null}
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? remove.mutateAsync({ id: deleting.id, version: deleting.version }) : Promise.resolve())}
      />
    </>
  );

  return (
    <MasterDataSection
      title={t('bankAccounts.title')}
      description={t('bankAccounts.description')}
      icon={Landmark}
      query={query}
      emptyTitle={t('bankAccounts.emptyTitle')}
      emptyDescription={t('bankAccounts.emptyDescription')}
      onCreate={() => setEditing({ account: null })}
      dialogs={dialogs}
    >
      <MasterDataTable
        label={t('bankAccounts.title')}
        items={query.data?.items ?? []}
        columns={columns}
        nameOf={(item) => item.name}
        onEdit={(account) => setEditing({ account })}
        onDelete={setDeleting}
      />
    </MasterDataSection>
  );
}
