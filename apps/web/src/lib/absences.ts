import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalAbsenceBody, ApprovalAbsenceList, ApprovalAbsenceSaved } from '@kontor/domain/approvals/absences';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const ABSENCES_PATH = '/approval-absences';
const memberPath = (userId: string) => `${ABSENCES_PATH}/${encodeURIComponent(userId)}`;

/** GET /approval-absences: current and planned absences, the business day and the members. */
export function useAbsences(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.approvalAbsences(),
    queryFn: () => api.get<ApprovalAbsenceList>(ABSENCES_PATH),
    enabled: options.enabled ?? true,
  });
}

/**
 * PUT and DELETE /approval-absences/:userId. Saving may hand waiting approvals to the substitute,
 * so the invoice lists and counts are refreshed with the absences.
 */
export function useAbsenceMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.approvalAbsences() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all() }),
    ]);
  const save = useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: ApprovalAbsenceBody }) =>
      api.put<ApprovalAbsenceSaved>(memberPath(userId), body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (userId: string) => api.delete<void>(memberPath(userId)),
    onSuccess: refresh,
  });
  return { save, remove };
}
