import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { switchOrganization } from '@/features/auth/api/switch-organization';
import { notifyError } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';

type SwitchPhase =
  { kind: 'idle' } | { kind: 'switching'; organizationId: string } | { kind: 'switched'; organizationId: string };

/**
 * The guard's 'switch' decision (SPEC §5: the path names another organisation of the user's):
 * switch the session, reset the permission cache, refetch everything and let the guard decide
 * again on the same path. Returns true when the switch failed, or when the server still reports
 * the old organisation after switching, both of which are guard failures.
 */
export function useGuardSwitch(targetOrganizationId: string | undefined): { hasFailed: boolean } {
  const queryClient = useQueryClient();
  const phase = useRef<SwitchPhase>({ kind: 'idle' });
  const [hasFailed, setHasFailed] = useState(false);

  useEffect(() => {
    if (!targetOrganizationId) {
      if (phase.current.kind === 'switched') phase.current = { kind: 'idle' };
      return;
    }
    const current = phase.current;
    if (current.kind === 'switching' && current.organizationId === targetOrganizationId) return;
    if (current.kind === 'switched' && current.organizationId === targetOrganizationId) {
      // Switched, refetched, and still asked to switch to the same organisation: give up instead of looping.
      setHasFailed(true);
      return;
    }

    phase.current = { kind: 'switching', organizationId: targetOrganizationId };
    void (async () => {
      try {
        await switchOrganization(targetOrganizationId);
        queryClient.removeQueries({ queryKey: queryKeys.user.permissionsAll() });
        // Everything cached belongs to the previous organisation; active queries refetch now.
        await queryClient.resetQueries();
        phase.current = { kind: 'switched', organizationId: targetOrganizationId };
      } catch (error) {
        console.error('[guard] switching the organisation failed', error);
        notifyError(error);
        phase.current = { kind: 'idle' };
        setHasFailed(true);
      }
    })();
  }, [queryClient, targetOrganizationId]);

  return { hasFailed };
}
