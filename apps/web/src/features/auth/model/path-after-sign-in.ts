import type { AuthenticatedUser } from '@kontor/domain/auth';
import { invoicesPath, SIGN_UP_PATH } from '@kontor/domain/entry-guard';
import { invitationPath } from '@/lib/auth-redirect';

/**
 * Where a freshly signed-in user goes: back to a team invitation they signed in or up for (it
 * then joins by itself, and wins over sign-up: the invitation gives them their organisation);
 * else to sign-up without an organisation, else to the saved path or the invoices.
 */
export function pathAfterSignIn(
  user: Pick<AuthenticatedUser, 'organization'>,
  returnTo: string | null,
  pendingInvitation: string | null = null,
): string {
  if (pendingInvitation) return invitationPath(pendingInvitation, { accept: true });
  if (!user.organization) return SIGN_UP_PATH;
  return returnTo ?? invoicesPath(user.organization.slug);
}
