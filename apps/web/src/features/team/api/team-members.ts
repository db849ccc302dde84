import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationOption } from '@kontor/domain/notifications/notification-options';
import type { Permission, Role } from '@kontor/domain/permissions';
import type { TeamMember } from '@kontor/domain/team/team-schemas';
import { api } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';

const MEMBERS_PATH = '/team/members';
const memberPath = (userId: string) => `${MEMBERS_PATH}/${encodeURIComponent(userId)}`;

/** GET /team/members: every member may read the team. */
export function listTeamMembers(): Promise<{ items: TeamMember[] }> {
  return api.get<{ items: TeamMember[] }>(MEMBERS_PATH);
}

export function teamMembersQueryOptions() {
  return queryOptions({ queryKey: queryKeys.team.members(), queryFn: listTeamMembers });
}

export function useTeamMembers() {
  return useQuery(teamMembersQueryOptions());
}

export interface MemberChange {
  userId: string;
  role: Role;
  permissions: Permission[];
  version: number;
}

/**
 * Changing and removing members (admins or team_members:manage). Each refreshes the whole team:
 * the members, and the user's own permissions when they changed themselves. A stale version
 * refreshes too, so the next attempt starts from what is saved now.
 */
export function useTeamMemberMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.team.all() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.user.permissionsAll() }),
    ]);
  const refreshWhenStale = (error: unknown) => (hasErrorCode(error, 'stale_version') ? refresh() : undefined);
  const update = useMutation({
    mutationFn: ({ userId, ...body }: MemberChange) => api.put<TeamMember>(memberPath(userId), body),
    onSuccess: refresh,
    onError: refreshWhenStale,
  });
  const remove = useMutation({
    mutationFn: ({ userId, version }: Pick<TeamMember, 'userId' | 'version'>) =>
      api.delete<undefined>(memberPath(userId), { query: { version } }),
    onSuccess: refresh,
    onError: refreshWhenStale,
  });
  /** PUT /team/members/:userId/notification-options: a manager sets a member's e-mail notifications. */
  const notifications = useMutation({
    mutationFn: ({ userId, options }: { userId: string; options: NotificationOption[] }) =>
      api.put<TeamMember>(`${memberPath(userId)}/notification-options`, { options }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team.all() }),
  });
  return { update, remove, notifications };
}
