import { PaymentSettingsForm } from '../components/general/payment-settings-form';
import { OrganizationSettingsPage } from '../components/organization-settings-page';

/** Settings › Payment runs (admin, SPEC §2 payment-run-settings): automatic runs and the payment strategy. */
export function PaymentRunSettingsRoute() {
  return (
    <OrganizationSettingsPage>{(organization) => <PaymentSettingsForm organization={organization} />}</OrganizationSettingsPage>
  );
}
