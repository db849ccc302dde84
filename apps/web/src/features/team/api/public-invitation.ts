import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserResponse } from '@kontor/domain/auth';
import type { InvitationDetails } from '@kontor/domain/team/team-schemas';
import { api } from '@/lib/api-client';
import { saveLocalUser } from '@/lib/local-user';
import { bindOrganization } from '@/lib/organization-binding';
import { queryKeys } from '@/lib/query-keys';

/** GET /public/invitations/:token (no session needed): who invites whom to which organisation. */
export function getPublicInvitation(token: string): Promise<InvitationDetails> {
  return api.get<InvitationDetails>(`/public/invitations/${encodeURIComponent(token)}`);
}

export function usePublicInvitation(token: string) {
  return useQuery({
    queryKey: queryKeys.team.publicInvitation(token),
    queryFn: () => getPublicInvitation(token),
    // A 404 (no such invitation) stays one; the page says so at once.
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/**
 * POST /invitations/accept (signed in, in any organisation or none): the server adds the
 * membership and moves the session into the organisation, whose slug the answer's user carries.
 */
export async function acceptInvitation(token: string): Promise<UserResponse> {
  const answer = await api.post<UserResponse>('/invitations/accept', { token });
  saveLocalUser(answer.user);
  // This tab works in the organisation joined from now on (as after switching organisations).
  bindOrganization(answer.user.organization?.id ?? null);
  return answer;
}

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: () => {
      // The session moved to another organisation: nothing cached for the previous one may show.
      // The page's own answer stays, so it does not refetch (and say "used") before it leaves.
      const own = queryKeys.team.publicInvitation(token);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== own[0] });
    },
  });
}
