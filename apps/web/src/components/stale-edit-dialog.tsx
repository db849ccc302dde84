import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog';

export type StaleEditChoice = 'keep' | 'discard' | 'later';

/** The dialog's texts, by key of a `stale` block in the feature's locale file; `fields` is the joined field names. */
export type StaleEditText =
  'title' | 'description' | 'theirChanges' | 'noTheirChanges' | 'conflicts' | 'later' | 'discardMine' | 'keepMine';

export interface StaleEditDialogProps<Field extends string> {
  /** What the other person changed and what both changed; null keeps the dialog closed. */
  stale: { merge: { theirs: readonly Field[]; conflicts: readonly Field[] } } | null;
  onResolve: (choice: StaleEditChoice) => void;
  text: (key: StaleEditText, values?: { fields: string }) => string;
  fieldName: (field: Field) => string;
  testId: string;
}

/** 409 stale_version: someone else saved first. Nothing typed is dropped unless the user says so. */
export function StaleEditDialog<Field extends string>({
  stale,
  onResolve,
  text,
  fieldName,
  testId,
}: StaleEditDialogProps<Field>) {
  const names = (fields: readonly Field[]) => fields.map((field) => fieldName(field)).join(', ');
  return (
    <Dialog open={stale !== null} onOpenChange={(open) => (open ? undefined : onResolve('later'))}>
      <DialogContent data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{text('title')}</DialogTitle>
          <DialogDescription>{text('description')}</DialogDescription>
        </DialogHeader>
        {stale ? (
          <div className="grid gap-2 text-sm">
            <p>
              {stale.merge.theirs.length > 0
                ? text('theirChanges', { fields: names(stale.merge.theirs) })
                : text('noTheirChanges')}
            </p>
            {stale.merge.conflicts.length > 0 ? (
              <p className="font-medium text-warning">{text('conflicts', { fields: names(stale.merge.conflicts) })}</p>
            ) : null}
          </div>
        ) : null}
        <DialogFooter className="sm:flex-wrap">
          <Button variant="ghost" onClick={() => onResolve('later')}>
            {text('later')}
          </Button>
          <Button variant="outline" onClick={() => onResolve('discard')}>
            {text('discardMine')}
          </Button>
          <Button onClick={() => onResolve('keep')}>{text('keepMine')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
