import { ArrowLeftRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MERGEABLE_FIELDS,
  resolveMergedCounterparty,
  resolveMergeSides,
  type CounterpartyMergePreview,
  type MergeableField,
  type MergeFieldChoices,
  type MergeSide,
} from '@kontor/domain/counterparties/merge';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { hasErrorCode, isApiError } from '@/lib/api-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useMergeCounterparties, useMergePreview } from '../../api/merge-counterparties';
import { MergeFieldTable } from './merge-field-table';
import { MergeMoves } from './merge-moves';
import { useMergeFieldLabel } from './use-merge-values';

const flip = (side: MergeSide): MergeSide => (side === 'survivor' ? 'merged' : 'survivor');

interface MergeDialogProps {
  /** The two selected counterparties; the first one stays unless the user swaps. */
  ids: [string, string];
  onOpenChange: (open: boolean) => void;
  /** After a successful merge, with the survivor's id (the caller navigates there). */
  onMerged: (survivorId: string) => void;
}

/** Merging two counterparties (SPEC §5 §8): pick the survivor and, per differing field, the value that stays. */
export function MergeDialog({ ids, onOpenChange, onMerged }: MergeDialogProps) {
  const { t } = useTranslation('counterparty-merge');
  const [[survivorId, mergedId], setPair] = useState(ids);
  const [choices, setChoices] = useState<MergeFieldChoices>({});
  const preview = useMergePreview(survivorId, mergedId, true);

  // Swapping keeps every value the user picked: what was "survivor" is now "merged".
  const swap = () => {
    setPair([mergedId, survivorId]);
    setChoices(
      (current) => Object.fromEntries(Object.entries(current).map(([field, side]) => [field, flip(side)])) as MergeFieldChoices,
    );
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl" data-testid="merge-dialog">
        <DialogHeader>
          <DialogTitle>{t('dialog.title')}</DialogTitle>
          <DialogDescription>{t('dialog.description')}</DialogDescription>
        </DialogHeader>
        {preview.isPending ? (
          <LoadingState label={t('dialog.loading')} />
        ) : preview.isError && !preview.data ? (
          isApiError(preview.error) && preview.error.status === 404 ? (
            <Alert tone="danger">
              <p className="font-medium">{t('dialog.notFoundTitle')}</p>
              <p>{t('dialog.notFound')}</p>
            </Alert>
          ) : (
            <ErrorState
              title={t('dialog.loadFailed')}
              error={preview.error}
              onRetry={() => void preview.refetch()}
              isRetrying={preview.isFetching}
            />
          )
        ) : (
          <MergeForm
            preview={preview.data}
            isRefreshing={preview.isPlaceholderData}
            choices={choices}
            onChoose={(field, side) => setChoices((current) => ({ ...current, [field]: side }))}
            onSwap={swap}
            onCancel={() => onOpenChange(false)}
            onStale={() => void preview.refetch()}
            onMerged={onMerged}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

interface MergeFormProps {
  preview: CounterpartyMergePreview;
  isRefreshing: boolean;
  choices: MergeFieldChoices;
  onChoose: (field: MergeableField, side: MergeSide) => void;
  onSwap: () => void;
  onCancel: () => void;
  onStale: () => void;
  onMerged: (survivorId: string) => void;
}

function MergeForm({ preview, isRefreshing, choices, onChoose, onSwap, onCancel, onStale, onMerged }: MergeFormProps) {
  const { t } = useTranslation(['counterparty-merge', 'validation']);
  const labelOf = useMergeFieldLabel();
  const merge = useMergeCounterparties();
  const { survivor, merged, differingFields } = preview;
  const sides = resolveMergeSides(survivor, merged, choices);
  // The same record rules the server applies, so an impossible combination is shown before sending.
  const resolution = resolveMergedCounterparty(survivor, merged, choices);
  const isBusy = isRefreshing || merge.isPending;
  const fieldLabel = (path: string) => {
    const [field = path] = path.split('.');
    if ((MERGEABLE_FIELDS as readonly string[]).includes(field)) return labelOf(field as MergeableField);
    return field === 'bankAccounts' ? t('values.bankAccounts') : path;
  };

  const confirm = async () => {
    try {
      // Every differing field explicitly, so the server keeps exactly what the screen shows.
      const fieldChoices = Object.fromEntries(differingFields.map((field) => [field, sides[field]])) as MergeFieldChoices;
      const saved = await merge.mutateAsync({
        survivorId: survivor.id,
        mergedId: merged.id,
        survivorVersion: survivor.version,
        mergedVersion: merged.version,
        fieldChoices,
      });
      notifySuccess(t('toast.merged', { merged: merged.name, survivor: saved.name }));
      onMerged(saved.id);
    } catch (error) {
      if (hasErrorCode(error, 'stale_version')) {
        notifyError(error, t('toast.stale'));
        onStale();
      } else notifyError(error, t('toast.failed'));
    }
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-muted-foreground" data-testid="merge-differing">
          {differingFields.length > 0 ? t('dialog.differing', { count: differingFields.length }) : t('dialog.noDifferences')}
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={onSwap}
          disabled={isBusy}
          aria-label={t('dialog.swapLabel', { name: merged.name })}
        >
          <ArrowLeftRight aria-hidden="true" />
          {t('dialog.swap')}
        </Button>
      </div>
      {preview.hasTrustedCounterparty ? <Alert tone="warning">{t('dialog.trustWarning')}</Alert> : null}
      <MergeFieldTable
        survivor={survivor}
        merged={merged}
        differingFields={differingFields}
        sides={sides}
        onChoose={onChoose}
        disabled={isBusy}
      />
      <MergeMoves moves={preview.moves} survivorName={survivor.name} mergedName={merged.name} />
      {!resolution.ok ? (
        <Alert tone="danger" data-testid="merge-invalid">
          <p>{t('dialog.invalid')}</p>
          <ul className="list-disc pl-5">
            {Object.entries(resolution.fieldErrors).map(([field, keys]) => (
              <li key={field}>
                {fieldLabel(field)}: {keys.map((key) => t(`validation:${key}`, { defaultValue: key })).join(' ')}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <Alert tone="warning">{t('dialog.deleteNote', { name: merged.name })}</Alert>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={merge.isPending}>
          {t('dialog.cancel')}
        </Button>
        <Button onClick={() => void confirm()} isLoading={merge.isPending} disabled={isBusy || !resolution.ok}>
          {merge.isPending ? t('dialog.merging') : t('dialog.confirm', { name: survivor.name })}
        </Button>
      </DialogFooter>
    </div>
  );
}
