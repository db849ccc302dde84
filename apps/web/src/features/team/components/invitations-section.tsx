import { MailPlus, RotateCw, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invitation } from '@kontor/domain/team/team-schemas';
import { TableSkeleton } from '@/components/table-skeleton';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session-context';
import { useInvitationMutations, useInvitations } from '../api/team-invitations';
import {
  canViewerManageTeam,
  invitationActions,
  INVITATION_STATUS_TONE,
  sortInvitations,
  type TeamViewer,
} from '../model/team-access';
import { PermissionChips } from './permission-chips';
import { useTeamViewer } from './use-team-viewer';

/** The invitations not accepted yet: pending, expired and revoked, each can be sent again. */
export function InvitationsSection() {
  const { t } = useTranslation('team');
  const session = useSession();
  const viewer = useTeamViewer();
  const query = useInvitations();
  const invitations = sortInvitations(query.data?.items ?? []);
  const canManage = canViewerManageTeam(viewer);

  let body: ReactNode;
  if (query.isPending) body = <TableSkeleton columns={6} rows={2} />;
  else if (query.isError && !query.data)
    body = (
      <ErrorState
        title={t('invitations.loadFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  else if (invitations.length === 0)
    body = (
      <EmptyState
        icon={MailPlus}
        title={t('invitations.emptyTitle')}
        description={
          canManage
            ? t('invitations.emptyDescription', { organization: session.organization.name })
            : t('invitations.emptyDescriptionReadOnly')
        }
        headingLevel={3}
      />
    );
  else body = <InvitationsTable invitations={invitations} viewer={viewer} />;

  return (
    <section className="grid gap-3" aria-labelledby="team-invitations-heading">
      <div className="grid gap-1">
        <h2 id="team-invitations-heading" className="text-lg font-semibold text-foreground">
          {t('invitations.heading')}
        </h2>
        <p className="max-w-3xl text-sm text-muted-foreground">{t('invitations.description')}</p>
      </div>
      {body}
    </section>
  );
}

function InvitationsTable({ invitations, viewer }: { invitations: readonly Invitation[]; viewer: TeamViewer }) {
  const { t } = useTranslation('team');
  const locale = currentLocale();
  const { revoke, resend } = useInvitationMutations();
  const hasActions = canViewerManageTeam(viewer);

  const revokeInvitation = async (invitation: Invitation) => {
    try {
      await revoke.mutateAsync(invitation);
      notifySuccess(t('invitations.revoked', { email: invitation.email }));
    } catch (error) {
      notifyError(error, t('invitations.revokeFailed'));
    }
  };
  const resendInvitation = async (invitation: Invitation) => {
    try {
      await resend.mutateAsync(invitation);
      notifySuccess(t('invitations.resent', { email: invitation.email }));
    } catch (error) {
      notifyError(error, t('invitations.resendFailed'));
    }
  };
  const isBusy = (mutation: typeof revoke, invitation: Invitation) =>
    mutation.isPending && mutation.variables.id === invitation.id;

  const linkText = (invitation: Invitation) => {
    const date = formatDate(invitation.expiresAt, locale);
    if (invitation.status === 'expired') return t('invitations.expiredOn', { date });
    if (invitation.status === 'revoked') return t('invitations.revokedLink');
    return t('invitations.expiresOn', { date });
  };

  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full text-sm" aria-label={t('invitations.tableLabel')}>
        <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('invitations.email')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('invitations.role')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('invitations.permissions')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('invitations.status')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
              {t('invitations.invitedBy')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('invitations.expiry')}
            </th>
            {hasActions ? (
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t('invitations.actions')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {invitations.map((invitation) => {
            const actions = invitationActions(viewer, invitation);
            return (
              <tr key={invitation.id} className="border-t border-border" data-testid="team-invitation-row">
                <td className="px-3 py-2 font-medium text-foreground">{invitation.email}</td>
                <td className="px-3 py-2 whitespace-nowrap">{t(`roles.${invitation.role}`)}</td>
                <td className="px-3 py-2">
                  <PermissionChips role={invitation.role} permissions={invitation.permissions} />
                </td>
                <td className="px-3 py-2">
                  <Badge tone={INVITATION_STATUS_TONE[invitation.status]}>{t(`invitations.statuses.${invitation.status}`)}</Badge>
                </td>
                <td className="px-3 py-2">{invitation.invitedBy?.name ?? t('invitations.unknownInviter')}</td>
                <td className="px-3 py-2 whitespace-nowrap">{linkText(invitation)}</td>
                {hasActions ? (
                  <td className="px-3 py-1.5 text-right whitespace-nowrap">
                    <div className="flex justify-end gap-1">
                      {actions.includes('revoke') ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          isLoading={isBusy(revoke, invitation)}
                          onClick={() => void revokeInvitation(invitation)}
                        >
                          {isBusy(revoke, invitation) ? null : <Undo2 aria-hidden="true" />}
                          {t('invitations.revoke')}
                        </Button>
                      ) : null}
                      {actions.includes('resend') ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          isLoading={isBusy(resend, invitation)}
                          onClick={() => void resendInvitation(invitation)}
                        >
                          {isBusy(resend, invitation) ? null : <RotateCw aria-hidden="true" />}
                          {t('invitations.resend')}
                        </Button>
                      ) : null}
                    </div>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
