import { useLogout } from '@/features/auth/api/logout';
import { InvitationPage } from '@/features/team/components/invitation-page';

/**
 * /invitation/:token (public, issue 67): the team feature's page, with the auth feature's sign-out
 * for someone signed in with another address (two features, joined here).
 */
export function InvitationRoute() {
  const logout = useLogout();
  return <InvitationPage signOut={() => logout.mutateAsync()} isSigningOut={logout.isPending} />;
}
