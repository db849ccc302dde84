import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { APPROVAL_REMINDER_DAYS_MAX, approvalReminderDaysSchema, type Organization } from '@kontor/domain/organization';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { SettingsSection } from './settings-section';
import { useSaveOrganization } from './use-save-organization';

/** What the days field starts with when reminders are switched on again. */
const DEFAULT_DAYS = 3;

/**
 * Approval reminders: on business mornings approvers get one e-mail listing the invoices that have
 * waited for them longer than the days set here; off, nobody is reminded.
 */
export function ApprovalRemindersForm({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organization');
  const { save, isSaving } = useSaveOrganization(organization);
  const saved = organization.approvalReminderDays;
  const [isOn, setOn] = useState(saved !== null);
  const [days, setDays] = useState(String(saved ?? DEFAULT_DAYS));
  const [error, setError] = useState<string | undefined>();
  const chosen = isOn ? Number(days) : null;
  const isDirty = chosen !== saved;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = approvalReminderDaysSchema.safeParse(chosen);
    if (!parsed.success || (isOn && !/^\d+$/.test(days.trim()))) {
      setError(t('general.approvalReminders.daysInvalid', { max: APPROVAL_REMINDER_DAYS_MAX }));
      return;
    }
    setError(undefined);
    await save({ approvalReminderDays: parsed.data });
  };

  return (
    <SettingsSection
      id="approval-reminders"
      title={t('general.approvalReminders.title')}
      description={t('general.approvalReminders.description')}
      onSubmit={(event) => void onSubmit(event)}
      isSaving={isSaving}
      isDirty={isDirty}
    >
      <div className="flex items-center gap-3">
        <Switch
          id="approval-reminders-enabled"
          checked={isOn}
          onCheckedChange={(checked) => {
            setOn(checked);
            setError(undefined);
          }}
        />
        <Label htmlFor="approval-reminders-enabled">{t('general.approvalReminders.enable')}</Label>
      </div>
      <FormField
        id="approval-reminders-days"
        label={t('general.approvalReminders.daysLabel')}
        hint={t('general.approvalReminders.daysHint', { max: APPROVAL_REMINDER_DAYS_MAX })}
        error={error}
        className="max-w-xs"
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={APPROVAL_REMINDER_DAYS_MAX}
          step={1}
          disabled={!isOn}
          value={days}
          onChange={(event) => {
            setDays(event.target.value);
            setError(undefined);
          }}
          {...fieldAria('approval-reminders-days', { error, hint: true })}
        />
      </FormField>
    </SettingsSection>
  );
}
