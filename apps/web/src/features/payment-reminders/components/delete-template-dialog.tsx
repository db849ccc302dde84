import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReminderTemplate } from '@kontor/domain/receivables/reminders/reminder-template';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { getErrorMessage, notifySuccess } from '@/lib/notify';
import { useReminderTemplateMutations } from '../api/reminder-template-mutations';

/** Asks before deleting a template; a refusal (changed or deleted meanwhile) stays in the dialog, readable. */
export function DeleteTemplateDialog({ template, onClose }: { template: ReminderTemplate | null; onClose: () => void }) {
  const { t } = useTranslation('payment-reminders');
  const { remove } = useReminderTemplateMutations();
  const [error, setError] = useState<unknown>(null);
  const name = template ? t('interval', { count: template.intervalDays }) : '';

  const close = () => {
    setError(null);
    remove.reset();
    onClose();
  };
  const confirm = async () => {
    if (!template) return;
    setError(null);
    try {
      await remove.mutateAsync({ id: template.id, version: template.version });
    } catch (failure) {
      setError(failure ?? new Error('delete failed'));
      return;
    }
    notifySuccess(t('delete.deleted'));
    close();
  };

  return (
    <ConfirmDialog
      open={template !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={t('delete.title', { name })}
      description={t('delete.description')}
      confirmLabel={t('actions.delete')}
      cancelLabel={t('actions.cancel')}
      onConfirm={() => void confirm()}
      isPending={remove.isPending}
      tone="destructive"
    >
      {error ? (
        <Alert tone="danger">
          <p>{t('delete.failed')}</p>
          <p>{getErrorMessage(error)}</p>
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
