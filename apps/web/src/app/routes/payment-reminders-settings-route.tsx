import { BusinessDaysForm } from '@/features/organization/components/general/business-days-form';
import { OrganizationSettingsPage } from '@/features/organization/components/organization-settings-page';
import { ReminderTemplatesSection } from '@/features/payment-reminders/components/reminder-templates-section';

/**
 * Settings › Payment reminders (issue 66): the reminder templates, and the business days on whose
 * mornings automatic reminders go out (an organisation setting; two features, joined here).
 */
export function PaymentRemindersSettingsRoute() {
  return (
    <div className="grid gap-8">
      <ReminderTemplatesSection />
      <OrganizationSettingsPage>{(organization) => <BusinessDaysForm organization={organization} />}</OrganizationSettingsPage>
    </div>
  );
}
