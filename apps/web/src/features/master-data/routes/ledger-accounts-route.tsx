import type { ImportResult } from '@kontor/domain/master-data';
import { MASTER_DATA_IMPORT_MAX_BYTES } from '@kontor/domain/master-data-import';
import { BookOpen } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLedgerAccount, type LedgerAccount } from '@kontor/domain/master-data';
import { useLedgerAccountMutations, useLedgerAccounts } from '@/lib/master-data/ledger-accounts';
import { CsvImportDialog } from '@/components/csv-import/csv-import-dialog';
import { ImportResultView } from '../components/import-result-view';
import { DeleteDialog } from '../components/delete-dialog';
import { LEDGER_ACCOUNT_COLUMNS, type LedgerAccountColumn } from '../components/import-columns';
import { LedgerAccountDialog } from '../components/ledger-account-dialog';
import { latestItem } from '../components/latest-item';
import { MasterDataSection } from '../components/master-data-section';
import { MasterDataTable, type Column } from '../components/master-data-table';

/** /{slug}/settings/ledger-accounts. */
export function LedgerAccountsRoute() {
  const { t } = useTranslation('master-data');
  const query = useLedgerAccounts();
  const { remove, importFile } = useLedgerAccountMutations();
  const [editing, setEditing] = useState<{ account: LedgerAccount | null } | null>(null);
  const [deleting, setDeleting] = useState<LedgerAccount | null>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);

  const items = useMemo(
    () => [...(query.data?.items ?? [])].sort((a, b) => a.code.localeCompare(b.code, 'de', { numeric: true })),
    [query.data],
  );
  const columns: Column<LedgerAccount>[] = [
    {
      key: 'code',
      header: t('ledgerAccounts.code'),
      cell: (item) => <span className="font-medium tabular-nums">{item.code}</span>,
      className: 'w-32',
    },
    { key: 'name', header: t('ledgerAccounts.name'), cell: (item) => item.name },
  ];

  const dialogs = (
    <>
      {editing ? (
        <LedgerAccountDialog account={latestItem(query.data?.items, editing.account)} onClose={() => setEditing(null)} />
      ) : null}
      <DeleteDialog
        name={deleting ? formatLedgerAccount(deleting) : null}
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? remove.mutateAsync({ id: deleting.id, version: deleting.version }) : Promise.resolve())}
      />
      <CsvImportDialog<LedgerAccountColumn, ImportResult>
        open={isImportOpen}
        onOpenChange={setIsImportOpen}
        title={t('ledgerAccounts.importTitle')}
        description={t('ledgerAccounts.importDescription')}
        columns={LEDGER_ACCOUNT_COLUMNS}
        labelOf={(key) => t(`ledgerAccounts.columns.${key}`)}
        onImport={(request) => importFile.mutateAsync(request)}
        renderResult={(result) => <ImportResultView result={result} />}
        fileHint={t('import.fileHint', { maxMb: MASTER_DATA_IMPORT_MAX_BYTES / 1024 / 1024 })}
        testId="master-data-import-drop-zone"
      />
    </>
  );

  return (
    <MasterDataSection
      title={t('ledgerAccounts.title')}
      description={t('ledgerAccounts.description')}
      icon={BookOpen}
      query={query}
      emptyTitle={t('ledgerAccounts.emptyTitle')}
      emptyDescription={t('ledgerAccounts.emptyDescription')}
      onCreate={() => setEditing({ account: null })}
      onImport={() => setIsImportOpen(true)}
      dialogs={dialogs}
    >
      <MasterDataTable
        label={t('ledgerAccounts.title')}
        items={items}
        columns={columns}
        nameOf={formatLedgerAccount}
        onEdit={(account) => setEditing({ account })}
        onDelete={setDeleting}
      />
    </MasterDataSection>
  );
}
