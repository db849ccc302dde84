import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamMember } from '@kontor/domain/team/team-schemas';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { getErrorMessage, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session-context';
import { useTeamMemberMutations } from '../api/team-members';
import { memberDisplayName } from '../model/team-access';

/**
 * Asks before removing a member, naming them; a refusal (the last admin, still an approver,
 * changed meanwhile) stays in the dialog, readable. ConfirmDialog's layout, but announced as an
 * alert dialog: removing someone cannot be undone here (they would need a new invitation).
 */
export function RemoveMemberDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  const { t } = useTranslation('team');
  const session = useSession();
  const { remove } = useTeamMemberMutations();
  const [error, setError] = useState<unknown>(null);
  const name = member ? memberDisplayName(member) : '';

  const close = () => {
    setError(null);
    remove.reset();
    onClose();
  };
  const confirm = async () => {
    if (!member) return;
    setError(null);
    try {
      await remove.mutateAsync({ userId: member.userId, version: member.version });
    } catch (failure) {
      setError(failure ?? new Error('remove failed'));
      return;
    }
    notifySuccess(t('remove.removed', { name }));
    close();
  };

  return (
    <Dialog open={member !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent role="alertdialog" data-testid="remove-member-dialog">
        <DialogHeader>
          <DialogTitle>{t('remove.title', { name })}</DialogTitle>
          <DialogDescription>{t('remove.description', { name, organization: session.organization.name })}</DialogDescription>
        </DialogHeader>
        {error ? (
          <Alert tone="danger">
            <p>{t('remove.failed', { name })}</p>
            <p>{getErrorMessage(error)}</p>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            {t('form.cancel')}
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} isLoading={remove.isPending}>
            {t('remove.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
