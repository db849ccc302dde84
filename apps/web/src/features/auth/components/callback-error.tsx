import { LogIn, TriangleExclamationPoint } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '@/components/public-layout';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { startLogin } from '@/lib/auth-redirect';
import { currentLocale } from '@/lib/i18n';

/** Sign-in did not work: the reason in the user's language, and the ways back. */
export function CallbackError({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  return (
    <PublicLayout>
      <EmptyState
        icon={TriangleExclamationPoint}
        headingLevel={1}
        title={t('callback.failedTitle')}
        description={<span role="alert">{message}</span>}
        className="mx-auto max-w-xl"
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button onClick={() => startLogin('sign-in', currentLocale())}>
              <LogIn aria-hidden="true" />
              {t('callback.tryAgain')}
            </Button>
            <Button asChild variant="outline">
              <Link to="/">{t('callback.backToWelcome')}</Link>
            </Button>
          </div>
        }
      />
    </PublicLayout>
  );
}
