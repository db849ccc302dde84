import { ArrowRight, LogIn, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '@/components/public-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { startLogin, type LoginMode } from '@/lib/auth-redirect';
import { currentLocale } from '@/lib/i18n';
import { readLocalUser } from '@/lib/local-user';
import { DemoAccounts } from '../components/demo-accounts';

/** "/": sign in or create an account (SPEC §2). "/session-expired" shows the same page with a notice. */
function WelcomePage({ isSessionExpired }: { isSessionExpired: boolean }) {
  const { t } = useTranslation('welcome');
  const knownUser = isSessionExpired ? null : readLocalUser();
  const login = (mode: LoginMode) => startLogin(mode, currentLocale());

  return (
    <PublicLayout>
      <div className="grid items-start gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <section className="grid gap-6">
          {isSessionExpired ? (
            <Alert tone="warning">
              <p className="font-semibold">{t('sessionExpired.title')}</p>
              <p>{t('sessionExpired.description')}</p>
            </Alert>
          ) : null}
          <div className="grid gap-3">
            <h1 className="text-3xl font-semibold tracking-tight text-primary sm:text-4xl">{t('title')}</h1>
            <p className="max-w-xl text-base text-muted-foreground">{t('lead')}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button size="lg" onClick={() => login('sign-in')}>
              <LogIn aria-hidden="true" />
              {t('login')}
            </Button>
            <Button size="lg" variant="outline" onClick={() => login('sign-up')}>
              <UserPlus aria-hidden="true" />
              {t('createAccount')}
            </Button>
          </div>
          {knownUser?.organization ? (
            <Link
              to={`/${knownUser.organization.slug}`}
              className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
            >
              {t('continueAs', { name: knownUser.name || knownUser.email })}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          ) : null}
          <p className="text-sm text-muted-foreground">
            {t('legalNotePrefix')}{' '}
            <Link to="/terms" className="text-primary underline underline-offset-4">
              {t('termsLink')}
            </Link>{' '}
            {t('legalNoteJoin')}{' '}
            <Link to="/privacy" className="text-primary underline underline-offset-4">
              {t('privacyLink')}
            </Link>
            {t('legalNoteSuffix')}
          </p>
        </section>
        <DemoAccounts />
      </div>
    </PublicLayout>
  );
}

export function WelcomeRoute() {
  return <WelcomePage isSessionExpired={false} />;
}

export function SessionExpiredRoute() {
  return <WelcomePage isSessionExpired />;
}
