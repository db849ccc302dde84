import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CounterpartyListItem } from '@kontor/domain/counterparties/counterparty-record';
import { MergeDialog } from './merge-dialog';
import { MergeSelectionBar } from './merge-selection-bar';
import type { RowSelection } from './select-cell';

/**
 * The list's row selection for merging: the checkboxes, the bar with the "Merge" action and the
 * dialog. Selection is kept in the order of clicking: the first one selected is the proposed survivor.
 */
export function useMergeSelection(basePath: string): { rowSelection: RowSelection; bar: ReactNode; dialog: ReactNode } {
  const { t } = useTranslation('counterparty-merge');
  const navigate = useNavigate();
  const [selected, setSelected] = useState<string[]>([]);
  const [isDialogOpen, setDialogOpen] = useState(false);

  const rowSelection: RowSelection = {
    columnLabel: t('selection.column'),
    isSelected: (id) => selected.includes(id),
    onToggle: (item: CounterpartyListItem) =>
      setSelected((current) => (current.includes(item.id) ? current.filter((id) => id !== item.id) : [...current, item.id])),
    labelFor: (name) => t('selection.select', { name }),
  };
  const [first, second] = selected;
  const pair: [string, string] | null = selected.length === 2 && first && second ? [first, second] : null;

  const bar = (
    <MergeSelectionBar selectedCount={selected.length} onMerge={() => setDialogOpen(true)} onClear={() => setSelected([])} />
  );
  const dialog =
    isDialogOpen && pair ? (
      <MergeDialog
        ids={pair}
        onOpenChange={setDialogOpen}
        onMerged={(survivorId) => {
          setDialogOpen(false);
          setSelected([]);
          void navigate(`${basePath}/${survivorId}`);
        }}
      />
    ) : null;
  return { rowSelection, bar, dialog };
}
