import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateInvitationBody, Invitation } from '@kontor/domain/team/team-schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const INVITATIONS_PATH = '/team/invitations';
const invitationPath = (id: string, action: 'revoke' | 'resend') => `${INVITATIONS_PATH}/${encodeURIComponent(id)}/${action}`;

/** GET /team/invitations: pending, revoked and expired ones (accepted ones are members). */
export function listInvitations(): Promise<{ items: Invitation[] }> {
  return api.get<{ items: Invitation[] }>(INVITATIONS_PATH);
}

export function invitationsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.team.invitations(), queryFn: listInvitations });
}

export function useInvitations() {
  return useQuery(invitationsQueryOptions());
}

/**
 * Inviting (it also sends the e-mail), revoking and sending again; each refreshes the invitations,
 * also after a refusal (changed by someone else, expired meanwhile), so the list shows what is so.
 */
export function useInvitationMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.team.invitations() });
  const create = useMutation({
    mutationFn: (body: CreateInvitationBody) => api.post<Invitation>(INVITATIONS_PATH, body),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: ({ id, version }: Pick<Invitation, 'id' | 'version'>) =>
      api.post<Invitation>(invitationPath(id, 'revoke'), { version }),
    onSettled: refresh,
  });
  /** A new link with a new expiry, mailed again; for pending, revoked and expired invitations. */
  const resend = useMutation({
    mutationFn: ({ id, version }: Pick<Invitation, 'id' | 'version'>) =>
      api.post<Invitation>(invitationPath(id, 'resend'), { version }),
    onSettled: refresh,
  });
  return { create, revoke, resend };
}
