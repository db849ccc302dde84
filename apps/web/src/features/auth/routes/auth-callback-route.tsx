import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PublicLayout } from '@/components/public-layout';
import { LoadingState } from '@/components/ui/loading-state';
import { takePendingInvitation, takeReturnTo } from '@/lib/auth-redirect';
import { changeLocale, currentLocale } from '@/lib/i18n';
import { readStoredLocale } from '@/lib/locale';
import { getErrorMessage } from '@/lib/notify';
import { useAuthenticate } from '../api/authenticate';
import { CallbackError } from '../components/callback-error';
import { pathAfterSignIn } from '../model/path-after-sign-in';

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
    // Both are taken (and so forgotten) either way; a pending team invitation wins.
    const returnTo = takeReturnTo();
    void navigate(pathAfterSignIn(user, returnTo, takePendingInvitation()), { replace: true });
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
