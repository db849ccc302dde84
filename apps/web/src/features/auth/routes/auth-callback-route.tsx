import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { AuthenticatedUser } from '@kontor/domain/auth';
import { invoicesPath, SIGN_UP_PATH } from '@kontor/domain/entry-guard';
import { PublicLayout } from '@/components/public-layout';
import { LoadingState } from '@/components/ui/loading-state';
import { takeReturnTo } from '@/lib/auth-redirect';
import { changeLocale, currentLocale } from '@/lib/i18n';
import { readStoredLocale } from '@/lib/locale';
import { getErrorMessage } from '@/lib/notify';
import { useAuthenticate } from '../api/authenticate';
import { CallbackError } from '../components/callback-error';

/** Where a freshly signed-in user goes: sign-up without an organisation, else the saved path or the invoices. */
export function pathAfterSignIn(user: AuthenticatedUser, returnTo: string | null): string {
  if (!user.organization) return SIGN_UP_PATH;
  return returnTo ?? invoicesPath(user.organization.slug);
}

/** /auth-callback?code=…&state=…&iss=…: exchanges the identity provider's code for a session (SPEC §2, §4). */
export function AuthCallbackRoute() {
  const { t } = useTranslation(['auth', 'errors']);
  const [params] = useSearchParams();
  const code = params.get('code') ?? undefined;
  const providerError = params.get('error');
  const authentication = useAuthenticate({
    code,
    state: params.get('state') ?? undefined,
    iss: params.get('iss') ?? undefined,
  });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hasNavigated = useRef(false);
  const user = authentication.data?.user;

  useEffect(() => {
    if (!user || hasNavigated.current) return;
    hasNavigated.current = true;
    // Answers cached for whoever was here before must not leak into this session.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[1] !== 'authenticate' });
    // A language chosen on another device applies here too, unless this device has its own choice.
    if (user.locale && !readStoredLocale() && user.locale !== currentLocale()) void changeLocale(user.locale);
    void navigate(pathAfterSignIn(user, takeReturnTo()), { replace: true });
  }, [navigate, queryClient, user]);

  if (providerError) return <CallbackError message={t('errors:auth_failed')} />;
  if (!code) return <CallbackError message={t('errors:auth_no_code')} />;
  if (authentication.isError) return <CallbackError message={getErrorMessage(authentication.error)} />;

  return (
    <PublicLayout>
      <h1 className="sr-only">{t('auth:callback.title')}</h1>
      <LoadingState label={t('auth:callback.signingIn')} />
    </PublicLayout>
  );
}
