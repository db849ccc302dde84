import { Ellipsis, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamMember } from '@kontor/domain/team/team-schemas';
import { TableSkeleton } from '@/components/table-skeleton';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { useTeamMembers } from '../api/team-members';
import { canViewerManageTeam, memberActions, memberDisplayName, type TeamViewer } from '../model/team-access';
import { EditMemberDialog } from './edit-member-dialog';
import { MemberNotificationsDialog } from './member-notifications-dialog';
import { PermissionChips } from './permission-chips';
import { RemoveMemberDialog } from './remove-member-dialog';
import { useTeamViewer } from './use-team-viewer';

/** The organisation's members with role, permissions and since when; managers change or remove them. */
export function MembersSection() {
  const { t } = useTranslation('team');
  const viewer = useTeamViewer();
  const query = useTeamMembers();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [notifyingId, setNotifyingId] = useState<string | null>(null);
  const members = query.data?.items ?? [];
  // The newest row: after a 409 the list refetched and the dialog reloads from it.
  const editing = editingId ? members.find((member) => member.userId === editingId) : undefined;
  const notifying = notifyingId ? members.find((member) => member.userId === notifyingId) : undefined;

  let body: ReactNode;
  if (query.isPending) body = <TableSkeleton columns={5} rows={3} />;
  else if (query.isError && !query.data)
    body = (
      <ErrorState
        title={t('members.loadFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  else if (members.length === 0)
    body = (
      <EmptyState icon={Users} title={t('members.emptyTitle')} description={t('members.emptyDescription')} headingLevel={3} />
    );
  else
    body = (
      <MembersTable
        members={members}
        viewer={viewer}
        onEdit={(member) => setEditingId(member.userId)}
        onNotifications={(member) => setNotifyingId(member.userId)}
        onRemove={setRemoving}
      />
    );

  return (
    <section className="grid gap-3" aria-labelledby="team-members-heading">
      <h2 id="team-members-heading" className="text-lg font-semibold text-foreground">
        {t('members.heading')}
      </h2>
      {body}
      {editing ? <EditMemberDialog member={editing} onClose={() => setEditingId(null)} /> : null}
      {notifying ? <MemberNotificationsDialog member={notifying} onClose={() => setNotifyingId(null)} /> : null}
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}

interface MembersTableProps {
  members: readonly TeamMember[];
  viewer: TeamViewer;
  onEdit: (member: TeamMember) => void;
  onNotifications: (member: TeamMember) => void;
  onRemove: (member: TeamMember) => void;
}

function MembersTable({ members, viewer, onEdit, onNotifications, onRemove }: MembersTableProps) {
  const { t } = useTranslation('team');
  const locale = currentLocale();
  const hasActions = canViewerManageTeam(viewer);
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full text-sm" aria-label={t('members.tableLabel')}>
        <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('members.name')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('members.role')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('members.permissions')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
              {t('members.joined')}
            </th>
            {hasActions ? (
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t('members.actions')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {members.map((member) => {
            const name = memberDisplayName(member);
            const actions = memberActions(viewer, member);
            return (
              <tr key={member.userId} className="border-t border-border" data-testid="team-member-row">
                <td className="px-3 py-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-foreground">{name}</span>
                    {member.userId === viewer.userId ? <Badge tone="primary">{t('you')}</Badge> : null}
                  </div>
                  {name !== member.email ? <div className="text-xs text-muted-foreground">{member.email}</div> : null}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{t(`roles.${member.role}`)}</td>
                <td className="px-3 py-2">
                  <PermissionChips role={member.role} permissions={member.permissions} />
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{formatDate(member.joinedAt, locale)}</td>
                {hasActions ? (
                  <td className="px-3 py-1.5 text-right whitespace-nowrap">
                    {actions.length > 0 ? (
                      <DropdownMenu>
                        <DropdownMenuTrigger asChild>
                          <Button variant="ghost" size="icon" aria-label={t('members.actionsFor', { name })}>
                            <Ellipsis aria-hidden="true" />
                          </Button>
                        </DropdownMenuTrigger>
                        <DropdownMenuContent align="end">
                          {actions.includes('edit') ? (
                            <DropdownMenuItem onSelect={() => onEdit(member)}>{t('members.edit')}</DropdownMenuItem>
                          ) : null}
                          {actions.includes('notifications') ? (
                            <DropdownMenuItem onSelect={() => onNotifications(member)}>
                              {t('members.notifications')}
                            </DropdownMenuItem>
                          ) : null}
                          {actions.includes('remove') ? (
                            <DropdownMenuItem className="text-danger" onSelect={() => onRemove(member)}>
                              {t('members.remove')}
                            </DropdownMenuItem>
                          ) : null}
                        </DropdownMenuContent>
                      </DropdownMenu>
                    ) : null}
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
