import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isHolidayRegion, type HolidayRegion } from '@kontor/domain/calendar/regions';
import type { Organization } from '@kontor/domain/organization';
import { FormField } from '@/components/ui/form-field';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { HOLIDAY_REGION_GROUPS, isBusinessTimeZone, timeZoneChoices } from './business-days';
import { SettingsSection } from './settings-section';
import { useSaveOrganization } from './use-save-organization';

/**
 * Business days (issue 66): automatic payment reminders go out on business mornings, in the
 * organisation's time zone and outside the public holidays of its region.
 */
export function BusinessDaysForm({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organization');
  const { save, isSaving } = useSaveOrganization(organization);
  const [timeZone, setTimeZone] = useState(organization.timeZone);
  const [holidayRegion, setHolidayRegion] = useState<HolidayRegion>(organization.holidayRegion);
  const isDirty = timeZone !== organization.timeZone || holidayRegion !== organization.holidayRegion;

  const zoneLabel = (zone: string) =>
    isBusinessTimeZone(zone)
      ? t('general.businessDays.timeZoneOption', { city: t(`general.businessDays.timeZones.${zone}`), zone })
      : zone;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await save({ timeZone, holidayRegion });
  };

  return (
    <SettingsSection
      id="business-days"
      title={t('general.businessDays.title')}
      description={t('general.businessDays.description')}
      onSubmit={(event) => void onSubmit(event)}
      isSaving={isSaving}
      isDirty={isDirty}
    >
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField id="business-days-time-zone" label={t('general.businessDays.timeZone')}>
          <Select value={timeZone} onValueChange={setTimeZone}>
            <SelectTrigger id="business-days-time-zone">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {timeZoneChoices(organization.timeZone).map((zone) => (
                <SelectItem key={zone} value={zone}>
                  {zoneLabel(zone)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField
          id="business-days-holiday-region"
          label={t('general.businessDays.holidayRegion')}
          hint={t('general.businessDays.holidayRegionHint')}
        >
          <Select value={holidayRegion} onValueChange={(value) => (isHolidayRegion(value) ? setHolidayRegion(value) : undefined)}>
            <SelectTrigger id="business-days-holiday-region" aria-describedby="business-days-holiday-region-hint">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {HOLIDAY_REGION_GROUPS.map((group, index) => (
                <SelectGroup key={group.country} aria-label={t(`general.businessDays.${group.country}`)}>
                  {index > 0 ? <SelectSeparator /> : null}
                  {group.regions.map((region) => (
                    <SelectItem key={region} value={region}>
                      {t(`general.businessDays.regions.${region}`)}
                    </SelectItem>
                  ))}
                </SelectGroup>
              ))}
            </SelectContent>
          </Select>
        </FormField>
      </div>
    </SettingsSection>
  );
}
