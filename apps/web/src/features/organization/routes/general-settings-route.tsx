import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { useSession } from '@/lib/session-context';
import { useOrganization } from '../api/get-organization';
import { CompanyNameForm } from '../components/general/company-name-form';
import { LogoUpload } from '../components/general/logo-upload';
import { NumberingForm } from '../components/general/numbering-form';
import { PaymentSettingsForm } from '../components/general/payment-settings-form';
import { RequiredFieldsForm } from '../components/general/required-fields-form';
import { RequiredVerifiersForm } from '../components/general/required-verifiers-form';

/** Settings › General (admin): each section saves on its own, always with the latest version. */
export function GeneralSettingsRoute() {
  const { t } = useTranslation('organization');
  const session = useSession();
  const query = useOrganization(session.organization.id, session.organization);

  if (query.isPending) return <LoadingState />;
  if (query.isError && !query.data) {
    return (
      <ErrorState
        title={t('general.loadFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  const organization = query.data;
  return (
    <div className="grid gap-6">
      <h2 className="sr-only">{t('general.heading')}</h2>
      <CompanyNameForm organization={organization} />
      <LogoUpload organization={organization} />
      <NumberingForm organization={organization} />
      <RequiredFieldsForm organization={organization} />
      <PaymentSettingsForm organization={organization} />
      <RequiredVerifiersForm organization={organization} />
    </div>
  );
}
