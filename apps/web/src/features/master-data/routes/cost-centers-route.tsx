import type { ImportResult } from '@kontor/domain/master-data';
import { MASTER_DATA_IMPORT_MAX_BYTES } from '@kontor/domain/master-data-import';
import { Layers } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CostCenter } from '@kontor/domain/master-data';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useCostCenterMutations, useCostCenters } from '@/lib/master-data/cost-centers';
import { CostCenterDialog } from '../components/cost-center-dialog';
import { CsvImportDialog } from '@/components/csv-import/csv-import-dialog';
import { ImportResultView } from '../components/import-result-view';
import { DeleteDialog } from '../components/delete-dialog';
import { COST_CENTER_COLUMNS, type CostCenterColumn } from '../components/import-columns';
import { latestItem } from '../components/latest-item';
import { MasterDataSection } from '../components/master-data-section';
import { MasterDataTable, type Column } from '../components/master-data-table';

const FROM_FILE = 'file';
type Editing = { costCenter: CostCenter | null } | null;

/** /{slug}/settings/cost-centers: KOST1 and KOST2 in one list. */
export function CostCentersRoute() {
  const { t } = useTranslation('master-data');
  const query = useCostCenters();
  const { remove, importFile } = useCostCenterMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CostCenter | null>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const [importType, setImportType] = useState<string>(FROM_FILE);

  const items = useMemo(
    () => [...(query.data?.items ?? [])].sort((a, b) => a.type - b.type || a.code.localeCompare(b.code, 'de', { numeric: true })),
    [query.data],
  );
  const columns: Column<CostCenter>[] = [
    {
      key: 'type',
      header: t('costCenters.type'),
      cell: (item) => t(`costCenters.typesShort.${item.type}`),
      className: 'w-24 whitespace-nowrap',
    },
    { key: 'code', header: t('costCenters.code'), cell: (item) => <span className="font-medium tabular-nums">{item.code}</span> },
    { key: 'name', header: t('costCenters.name'), cell: (item) => item.name || '—' },
  ];

  const typeChoice = (
    <div className="grid gap-2">
      <Label htmlFor="import-cost-center-type">{t('costCenters.importType')}</Label>
      <Select value={importType} onValueChange={setImportType}>
        <SelectTrigger id="import-cost-center-type">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={FROM_FILE}>{t('costCenters.importTypeFromFile')}</SelectItem>
          <SelectItem value="1">{t('costCenters.types.1')}</SelectItem>
          <SelectItem value="2">{t('costCenters.types.2')}</SelectItem>
        </SelectContent>
      </Select>
    </div>
  );

  const dialogs = (
    <>
      {editing ? (
        <CostCenterDialog costCenter={latestItem(query.data?.items, editing.costCenter)} onClose={() => setEditing(null)} />
      ) : null}
      <DeleteDialog
        name={deleting ? `${deleting.code} ${deleting.name}`.trim() : null}
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? remove.mutateAsync({ id: deleting.id, version: deleting.version }) : Promise.resolve())}
      />
      <CsvImportDialog<CostCenterColumn, ImportResult>
        open={isImportOpen}
        onOpenChange={setIsImportOpen}
        title={t('costCenters.importTitle')}
        description={t('costCenters.importDescription')}
        columns={COST_CENTER_COLUMNS}
        labelOf={(key) => t(`costCenters.columns.${key}`)}
        onImport={(request) => importFile.mutateAsync(request)}
        renderResult={(result) => <ImportResultView result={result} />}
        fileHint={t('import.fileHint', { maxMb: MASTER_DATA_IMPORT_MAX_BYTES / 1024 / 1024 })}
        testId="master-data-import-drop-zone"
        extra={{
          node: typeChoice,
          fields: importType === FROM_FILE ? {} : { type: importType },
          satisfied: new Set<CostCenterColumn>(importType === FROM_FILE ? [] : ['type']),
        }}
      />
    </>
  );

  return (
    <MasterDataSection
      title={t('costCenters.title')}
      description={t('costCenters.description')}
      icon={Layers}
      query={query}
      emptyTitle={t('costCenters.emptyTitle')}
      emptyDescription={t('costCenters.emptyDescription')}
      onCreate={() => setEditing({ costCenter: null })}
      onImport={() => setIsImportOpen(true)}
      dialogs={dialogs}
    >
      <MasterDataTable
        label={t('costCenters.title')}
        items={items}
        columns={columns}
        nameOf={(item) => item.code}
        onEdit={(costCenter) => setEditing({ costCenter })}
        onDelete={setDeleting}
      />
    </MasterDataSection>
  );
}
