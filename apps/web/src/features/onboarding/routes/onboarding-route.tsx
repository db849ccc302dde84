import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { NotAvailable } from '@/components/not-available';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/lib/session-context';

/** /{slug}/onboarding: once onboarding is completed it leads to the organisation root (SPEC §2). */
export function OnboardingRoute() {
  const { t } = useTranslation('onboarding');
  const { user, organization, onboarding } = useSession();
  if (user.onboardingCompleted || onboarding.completed) return <Navigate to={`/${organization.slug}`} replace />;
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <NotAvailable screenName={t('checklist')} />
    </>
  );
}
