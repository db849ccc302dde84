import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { getErrorMessage } from '@/lib/notify';

interface DeleteDialogProps {
  /** What is being deleted, e.g. "4711 Marketing"; null closes the dialog. */
  name: string | null;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
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
    try {
      await onConfirm();
      close();
    } catch (failure) {
      setError(failure);
    } finally {
      setIsDeleting(false);
    }
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
