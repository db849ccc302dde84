import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/lib/session-context';
import { canViewerManageTeam } from '../model/team-access';
import { InvitationsSection } from './invitations-section';
import { InviteMemberDialog } from './invite-member-dialog';
import { MembersSection } from './members-section';
import { useTeamViewer } from './use-team-viewer';

/**
 * /{slug}/team (SPEC §2, issue 67): every member reads the team; admins and holders of
 * team_members:manage invite, change and remove people. Everyone else is told whom to ask.
 */
export function TeamScreen() {
  // The forms' rule messages too: loading them only when a dialog opens would suspend the screen.
  const { t } = useTranslation(['team', 'titles', 'validation']);
  const session = useSession();
  const viewer = useTeamViewer();
  const canManage = canViewerManageTeam(viewer);
  const [isInviting, setInviting] = useState(false);

  return (
    <div className="grid gap-8">
      <div>
        <PageHeader
          title={t('titles:team')}
          description={t('team:description', { organization: session.organization.name })}
          actions={
            canManage ? (
              <Button onClick={() => setInviting(true)}>
                <UserPlus aria-hidden="true" />
                {t('team:invite.button')}
              </Button>
            ) : null
          }
          className="mb-0"
        />
        {canManage ? null : (
          <Alert className="mt-4">
            <p>{t('team:readOnly')}</p>
          </Alert>
        )}
      </div>
      <MembersSection />
      <InvitationsSection />
      {isInviting ? <InviteMemberDialog onClose={() => setInviting(false)} /> : null}
    </div>
  );
}
