import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { getErrorMessage, notifySuccess } from '@/lib/notify';

interface DeleteDialogProps {
  /** What is being deleted, e.g. "4711 Marketing"; null closes the dialog. */
  name: string | null;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
}

/**
 * Deletes and says so in a toast, as creating and editing do (the row just vanishes otherwise).
 * Resolves to the refusal, or null when deleted.
 */
export async function deleteAndNotify(onConfirm: () => Promise<unknown>, deletedMessage: string): Promise<unknown> {
  try {
    await onConfirm();
  } catch (failure) {
    // A rejection without a value is a refusal all the same, not a deletion.
    return failure ?? new Error('delete failed');
  }
  notifySuccess(deletedMessage);
  return null;
}

/** Asks before deleting; a refusal (still in use, changed meanwhile) stays in the dialog, readable. */
export function DeleteDialog({ name, onClose, onConfirm }: DeleteDialogProps) {
  const { t } = useTranslation('master-data');
  const [error, setError] = useState<unknown>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setIsDeleting(true);
    setError(null);
    const failure = await deleteAndNotify(onConfirm, t('delete.deleted', { name: name ?? '' }));
    setIsDeleting(false);
    if (failure) setError(failure);
    else close();
  };

  return (
    <Dialog open={name !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('delete.title', { name: name ?? '' })}</DialogTitle>
          <DialogDescription>{t('delete.description')}</DialogDescription>
        </DialogHeader>
        {error ? <Alert tone="danger">{getErrorMessage(error)}</Alert> : null}
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} isLoading={isDeleting}>
            {t('actions.delete')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
