import { useQueryClient } from '@tanstack/react-query';
import { LogIn, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { PublicLayout } from '@/components/public-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { useManagement } from '@/features/auth/api/get-management';
import { CreateOrganizationForm } from '@/features/organization/components/create-organization-form';
import { isApiError } from '@/lib/api-error';
import { startLogin } from '@/lib/auth-redirect';
import { currentLocale } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';

/** /sign-up: a signed-in user without an organisation names the company, which creates it (SPEC §2). */
export function SignUpRoute() {
  const { t } = useTranslation('auth');
  const management = useManagement();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  if (management.isPending) {
    return (
      <PublicLayout>
        <LoadingState />
      </PublicLayout>
    );
  }

  if (management.isError) {
    const isSignedOut = isApiError(management.error) && management.error.status === 401;
    return (
      <PublicLayout>
        {isSignedOut ? (
          <EmptyState
            icon={UserPlus}
            headingLevel={1}
            title={t('signUp.signInFirstTitle')}
            description={t('signUp.signInFirstDescription')}
            className="mx-auto max-w-xl"
            action={
              <div className="flex flex-wrap justify-center gap-2">
                <Button onClick={() => startLogin('sign-up', currentLocale())}>
                  <UserPlus aria-hidden="true" />
                  {t('signUp.createAccount')}
                </Button>
                <Button variant="outline" onClick={() => startLogin('sign-in', currentLocale())}>
                  <LogIn aria-hidden="true" />
                  {t('signUp.login')}
                </Button>
              </div>
            }
          />
        ) : (
          <ErrorState error={management.error} onRetry={() => void management.refetch()} isRetrying={management.isFetching} />
        )}
      </PublicLayout>
    );
  }

  const { user } = management.data;
  if (user.organization) return <Navigate to={`/${user.organization.slug}/invoices/new`} replace />;

  return (
    <PublicLayout>
      <Card className="mx-auto max-w-lg">
        <CardHeader>
          <h1 className="text-2xl font-semibold text-primary">{t('signUp.title')}</h1>
          <CardDescription>{t('signUp.description', { name: user.name || user.email })}</CardDescription>
        </CardHeader>
        <CardContent>
          <CreateOrganizationForm
            submitLabel={t('signUp.submit')}
            onCreated={({ organization }) => {
              // The session now has an organisation; the guard must not see the cached "none".
              queryClient.removeQueries({ queryKey: queryKeys.auth.management() });
              notifySuccess(t('signUp.created', { name: organization.name }));
              void navigate(`/${organization.slug}/invoices/new`, { replace: true });
            }}
          />
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
