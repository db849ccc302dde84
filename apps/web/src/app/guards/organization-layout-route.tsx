import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { SESSION_EXPIRED_PATH } from '@kontor/domain/entry-guard';
import { LoadingState } from '@/components/ui/loading-state';
import { useManagement } from '@/features/auth/api/get-management';
import { useOrganizationBySlug } from '@/features/organization/api/get-organization-by-slug';
import { useUserPermissions } from '@/features/user/api/get-user-permissions';
import { saveReturnTo } from '@/lib/auth-redirect';
import { bindOrganization } from '@/lib/organization-binding';
import { SessionProvider, type Session } from '@/lib/session-context';
import { AppShell } from '../layout/app-shell';
import { resolveEntry, toLoadable } from './resolve-entry';
import { useGuardSwitch } from './use-guard-switch';

/**
 * /{slug}/*: checks the session before entry (SPEC §5, decideEntry from the domain) and, once
 * allowed, renders the shell with the session (user, organisation, permissions) in context.
 */
export function OrganizationLayoutRoute() {
  // The shell's texts load while the session is checked, without suspending: a suspended shell
  // would hold every screen's first request behind React's reveal throttle (about 300 ms).
  const { ready: isShellTranslated } = useTranslation(['shell', 'titles'], { useSuspense: false });
  const location = useLocation();
  const { slug } = useParams();
  const management = useManagement();
  const user = management.data?.user;
  const currentOrganizationId = user?.organization?.id;

  const slugOrganization = useOrganizationBySlug(slug, { enabled: Boolean(currentOrganizationId) });
  const isCurrentOrganization = Boolean(currentOrganizationId) && slugOrganization.data?.id === currentOrganizationId;
  const permissions = useUserPermissions(isCurrentOrganization ? currentOrganizationId : undefined);

  const decision = resolveEntry({
    pathname: location.pathname,
    user: toLoadable({ status: management.status, data: user }),
    slugOrganization: toLoadable(slugOrganization),
    permissions: toLoadable(permissions),
  });
  const { hasFailed: hasSwitchFailed } = useGuardSwitch(decision.kind === 'switch' ? decision.organizationId : undefined);

  const organization = isCurrentOrganization ? slugOrganization.data : undefined;
  // Set while rendering, before the screens below send their first calls (their effects run first).
  bindOrganization(organization?.id ?? null);
  const session = useMemo<Session | null>(
    () =>
      user && organization && management.data
        ? { user, organization, permissions: permissions.data ?? [], onboarding: management.data.onboarding }
        : null,
    [user, organization, permissions.data, management.data],
  );

  if (hasSwitchFailed) return <Navigate to={SESSION_EXPIRED_PATH} replace />;

  switch (decision.kind) {
    case 'pending':
    case 'switch':
      return <LoadingState fullPage />;
    case 'redirect':
      // Without a session, come back here after signing in again.
      if (decision.to === SESSION_EXPIRED_PATH && !user) saveReturnTo(`${location.pathname}${location.search}${location.hash}`);
      return <Navigate to={decision.to} replace />;
    case 'allow':
      if (!session || !isShellTranslated) return <LoadingState fullPage />;
      return (
        <SessionProvider session={session}>
          <AppShell />
        </SessionProvider>
      );
  }
}
