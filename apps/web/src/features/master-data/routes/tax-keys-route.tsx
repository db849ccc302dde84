import type { ImportResult } from '@kontor/domain/master-data';
import { MASTER_DATA_IMPORT_MAX_BYTES } from '@kontor/domain/master-data-import';
import { Lock, Percent } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaxKey } from '@kontor/domain/master-data';
import { Badge } from '@/components/ui/badge';
import { formatNumber } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { useTaxKeyLabel, useTaxKeyMutations, useTaxKeys } from '@/lib/master-data/tax-keys';
import { CsvImportDialog } from '@/components/csv-import/csv-import-dialog';
import { ImportResultView } from '../components/import-result-view';
import { DeleteDialog } from '../components/delete-dialog';
import { TAX_KEY_COLUMNS, type TaxKeyColumn } from '../components/import-columns';
import { latestItem } from '../components/latest-item';
import { MasterDataSection } from '../components/master-data-section';
import { MasterDataTable, type Column } from '../components/master-data-table';
import { TaxKeyDialog } from '../components/tax-key-dialog';

/** /{slug}/settings/tax-codes: the 14 locked system keys first, then the organisation's own. */
export function TaxKeysRoute() {
  const { t } = useTranslation('master-data');
  const query = useTaxKeys();
  const taxKeyLabel = useTaxKeyLabel();
  const { remove, importFile } = useTaxKeyMutations();
  const [editing, setEditing] = useState<{ taxKey: TaxKey | null } | null>(null);
  const [deleting, setDeleting] = useState<TaxKey | null>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);

  const items = useMemo(
    () => [...(query.data?.items ?? [])].sort((a, b) => Number(b.isSystem) - Number(a.isSystem) || a.name.localeCompare(b.name)),
    [query.data],
  );
  const columns: Column<TaxKey>[] = [
    {
      key: 'name',
      header: t('taxKeys.name'),
      cell: (item) => (
        <span className="inline-flex flex-wrap items-center gap-x-2 font-medium">
          {taxKeyLabel(item)}
          {item.isSystem ? <span className="font-mono text-xs font-normal text-muted-foreground">{item.name}</span> : null}
          {item.isSystem ? (
            <Badge tone="neutral" title={t('taxKeys.systemLocked')}>
              <Lock aria-hidden="true" className="size-3" />
              {t('taxKeys.system')}
            </Badge>
          ) : null}
        </span>
      ),
    },
    { key: 'type', header: t('taxKeys.type'), cell: (item) => t(`taxKeys.types.${item.type}`) },
    {
      key: 'rate',
      header: t('taxKeys.rate'),
      cell: (item) => (item.rate === null ? '—' : `${formatNumber(item.rate / 100, currentLocale())} %`),
      className: 'text-right tabular-nums',
    },
    { key: 'externalCode', header: t('taxKeys.externalCode'), cell: (item) => item.externalCode ?? '—' },
    {
      key: 'description',
      header: t('taxKeys.descriptionLabel'),
      cell: (item) => item.description ?? '—',
      className: 'text-muted-foreground',
    },
  ];

  const dialogs = (
    <>
      {editing ? <TaxKeyDialog taxKey={latestItem(query.data?.items, editing.taxKey)} onClose={() => setEditing(null)} /> : null}
      <DeleteDialog
        name={deleting?.name ?? null}
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? remove.mutateAsync({ id: deleting.id, version: deleting.version }) : Promise.resolve())}
      />
      <CsvImportDialog<TaxKeyColumn, ImportResult>
        open={isImportOpen}
        onOpenChange={setIsImportOpen}
        title={t('taxKeys.importTitle')}
        description={t('taxKeys.importDescription')}
        columns={TAX_KEY_COLUMNS}
        labelOf={(key) => t(`taxKeys.columns.${key}`)}
        onImport={(request) => importFile.mutateAsync(request)}
        renderResult={(result) => <ImportResultView result={result} />}
        fileHint={t('import.fileHint', { maxMb: MASTER_DATA_IMPORT_MAX_BYTES / 1024 / 1024 })}
        testId="master-data-import-drop-zone"
      />
    </>
  );

  return (
    <MasterDataSection
      title={t('taxKeys.title')}
      description={t('taxKeys.description')}
      icon={Percent}
      query={query}
      emptyTitle={t('taxKeys.emptyTitle')}
      emptyDescription={t('taxKeys.emptyDescription')}
      onCreate={() => setEditing({ taxKey: null })}
      onImport={() => setIsImportOpen(true)}
      dialogs={dialogs}
    >
      <MasterDataTable
        label={t('taxKeys.title')}
        items={items}
        columns={columns}
        nameOf={(item) => item.name}
        onEdit={(taxKey) => setEditing({ taxKey })}
        onDelete={setDeleting}
        canDelete={(item) => !item.isSystem}
      />
    </MasterDataSection>
  );
}
