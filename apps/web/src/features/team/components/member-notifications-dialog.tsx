import { useTranslation } from 'react-i18next';
import { availableNotificationOptions } from '@kontor/domain/notifications/notification-options';
import type { TeamMember } from '@kontor/domain/team/team-schemas';
import {
  NotificationOptionSwitches,
  toggledOptions,
  useNotificationToasts,
} from '@/components/notifications/notification-option-switches';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useTeamMemberMutations } from '../api/team-members';
import { memberDisplayName } from '../model/team-access';

/**
 * A member's e-mail notifications, set by someone who manages the team (issue 68): the options
 * the member's role and permissions allow; each switch saves at once.
 */
export function MemberNotificationsDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const { t } = useTranslation(['team', 'notifications']);
  const { notifications } = useTeamMemberMutations();
  const toasts = useNotificationToasts();
  const available = availableNotificationOptions(member.role, member.permissions);
  const pending = notifications.isPending ? notifications.variables?.options : undefined;
  const chosen = pending ?? member.notificationOptions;

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('team:notifications.title')}</DialogTitle>
          <DialogDescription>
            {t('team:notifications.description', { name: memberDisplayName(member), email: member.email })}
          </DialogDescription>
        </DialogHeader>
        {available.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('team:notifications.none')}</p>
        ) : (
          <NotificationOptionSwitches
            available={available}
            chosen={chosen}
            disabled={notifications.isPending}
            idPrefix={`member-notification-${member.userId}`}
            onToggle={(option, on) =>
              notifications.mutate(
                { userId: member.userId, options: toggledOptions(chosen, option, on) },
                { onSuccess: () => toasts.saved(option, on), onError: toasts.failed },
              )
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
