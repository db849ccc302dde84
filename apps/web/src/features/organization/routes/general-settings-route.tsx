import { useTranslation } from 'react-i18next';
import { ApprovalRemindersForm } from '../components/general/approval-reminders-form';
import { BankMatchingForm } from '../components/general/bank-matching-form';
import { CompanyDetailsForm } from '../components/general/company-details-form';
import { CompanyNameForm } from '../components/general/company-name-form';
import { FourEyesForm } from '../components/general/four-eyes-form';
import { LogoUpload } from '../components/general/logo-upload';
import { NumberingForm } from '../components/general/numbering-form';
import { RequiredFieldsForm } from '../components/general/required-fields-form';
import { RequiredVerifiersForm } from '../components/general/required-verifiers-form';
import { OrganizationSettingsPage } from '../components/organization-settings-page';

/** Settings › General (admin): each section saves on its own, always with the latest version. */
export function GeneralSettingsRoute() {
  const { t } = useTranslation('organization');
  return (
    <OrganizationSettingsPage>
      {(organization) => (
        <div className="grid gap-6">
          <h2 className="sr-only">{t('general.heading')}</h2>
          <CompanyNameForm organization={organization} />
          <LogoUpload organization={organization} />
          <CompanyDetailsForm organization={organization} />
          <NumberingForm organization={organization} />
          <RequiredFieldsForm organization={organization} />
          <ApprovalRemindersForm organization={organization} />
          <FourEyesForm organization={organization} />
          <RequiredVerifiersForm organization={organization} />
          <BankMatchingForm organization={organization} />
        </div>
      )}
    </OrganizationSettingsPage>
  );
}
