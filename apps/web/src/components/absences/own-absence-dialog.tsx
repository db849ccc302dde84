import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { useSession } from '@/lib/session-context';
import { useAbsences } from '@/lib/absences';
import { AbsenceDialog } from './absence-dialog';

/** The signed-in user's own absence (from the user menu or the My approvals notice), loaded when opened. */
export function OwnAbsenceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('absences');
  const session = useSession();
  const absences = useAbsences({ enabled: open });
  if (!open) return null;
  if (!absences.data) {
    return (
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('dialog.titleOwn')}</DialogTitle>
            <DialogDescription>{t('dialog.description')}</DialogDescription>
          </DialogHeader>
          {absences.isError ? (
            <ErrorState
              title={t('dialog.loadFailed')}
              error={absences.error}
              onRetry={() => void absences.refetch()}
              isRetrying={absences.isFetching}
            />
          ) : (
            <LoadingState label={t('dialog.loading')} className="py-6" />
          )}
        </DialogContent>
      </Dialog>
    );
  }
  const own = absences.data.items.find((absence) => absence.userId === session.user.id) ?? null;
  return (
    <AbsenceDialog open={open} onOpenChange={onOpenChange} data={absences.data} userId={session.user.id} absence={own} isOwn />
  );
}
