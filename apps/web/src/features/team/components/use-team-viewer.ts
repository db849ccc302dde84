import { useMemo } from 'react';
import { useSession } from '@/lib/session-context';
import type { TeamViewer } from '../model/team-access';

/** The signed-in user as the team screen's rules see them. */
export function useTeamViewer(): TeamViewer {
  const { user, permissions } = useSession();
  return useMemo(() => ({ userId: user.id, role: user.role, permissions }), [user.id, user.role, permissions]);
}
