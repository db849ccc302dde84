import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { FlowFormField } from '../model/flow-form';
import type { FlowStaleState } from './use-flow-editor';

interface FlowStaleDialogProps {
  stale: FlowStaleState | null;
  onResolve: (choice: 'keep' | 'discard' | 'later') => void;
}

/** 409 stale_version: someone else saved first. Nothing typed is dropped unless the user says so. */
export function FlowStaleDialog({ stale, onResolve }: FlowStaleDialogProps) {
  const { t } = useTranslation('approval-flows');
  const names = (fields: readonly FlowFormField[]) => fields.map((field) => t(`stale.fields.${field}`)).join(', ');
  return (
    <Dialog open={stale !== null} onOpenChange={(open) => (open ? undefined : onResolve('later'))}>
      <DialogContent data-testid="stale-flow-dialog">
        <DialogHeader>
          <DialogTitle>{t('stale.title')}</DialogTitle>
          <DialogDescription>{t('stale.description')}</DialogDescription>
        </DialogHeader>
        {stale ? (
          <div className="grid gap-2 text-sm">
            <p>
              {stale.merge.theirs.length > 0
                ? t('stale.theirChanges', { fields: names(stale.merge.theirs) })
                : t('stale.noTheirChanges')}
            </p>
            {stale.merge.conflicts.length > 0 ? (
              <p className="font-medium text-warning">{t('stale.conflicts', { fields: names(stale.merge.conflicts) })}</p>
            ) : null}
          </div>
        ) : null}
        <DialogFooter className="sm:flex-wrap">
          <Button variant="ghost" onClick={() => onResolve('later')}>
            {t('stale.later')}
          </Button>
          <Button variant="outline" onClick={() => onResolve('discard')}>
            {t('stale.discardMine')}
          </Button>
          <Button onClick={() => onResolve('keep')}>{t('stale.keepMine')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
