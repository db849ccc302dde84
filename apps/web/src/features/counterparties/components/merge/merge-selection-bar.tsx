import { Combine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** SPEC §8 "merging needs exactly 2 selected": the action is offered at two, with a hint otherwise. */
export function MergeSelectionBar({
  selectedCount,
  onMerge,
  onClear,
}: {
  selectedCount: number;
  onMerge: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('counterparty-merge');
  const canMerge = selectedCount === 2;
  return (
    <div className="mb-3 flex flex-wrap items-center gap-3 text-sm" data-testid="merge-selection-bar">
      {selectedCount > 0 ? <span className="font-medium">{t('selection.selected', { count: selectedCount })}</span> : null}
      <Button
        variant="secondary"
        size="sm"
        onClick={onMerge}
        disabled={!canMerge}
        aria-describedby={canMerge ? undefined : 'merge-selection-hint'}
      >
        <Combine aria-hidden="true" />
        {t('selection.merge')}
      </Button>
      {canMerge ? null : (
        <span id="merge-selection-hint" className="text-muted-foreground">
          {t('selection.hint')}
        </span>
      )}
      {selectedCount > 0 ? (
        <Button variant="ghost" size="sm" onClick={onClear}>
          {t('selection.clear')}
        </Button>
      ) : null}
    </div>
  );
}
