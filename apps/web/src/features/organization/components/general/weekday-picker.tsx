import { useTranslation } from 'react-i18next';
import { WEEKDAYS } from '@kontor/domain/organization';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { currentLocale } from '@/lib/i18n';
import { intlFormatter } from '@kontor/domain/intl';

/** 2024-01-01 was a Monday: ISO weekday n is that date plus n − 1 days. */
function weekdayName(isoWeekday: number, locale: string): string {
  return intlFormatter(Intl.DateTimeFormat, locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, isoWeekday));
}

/** Monday to Sunday as checkboxes; the value is the sorted list of ISO weekday numbers. */
export function WeekdayPicker({ value, onChange }: { value: number[]; onChange: (weekdays: number[]) => void }) {
  const { t } = useTranslation('organization');
  const locale = currentLocale() === 'de' ? 'de-DE' : 'en-GB';
  const toggle = (day: number, isChecked: boolean) => {
    const next = isChecked ? [...value.filter((entry) => entry !== day), day] : value.filter((entry) => entry !== day);
    onChange(next.sort((a, b) => a - b));
  };
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{t('general.payments.creation.weekdaysLabel')}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-3">
        {WEEKDAYS.map((day) => {
          const id = `weekday-${day}`;
          return (
            <div key={day} className="flex items-center gap-2">
              <Checkbox id={id} checked={value.includes(day)} onCheckedChange={(state) => toggle(day, state === true)} />
              <Label htmlFor={id} className="font-normal">
                {weekdayName(day, locale)}
              </Label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

export function IncludeAllDueCheckbox({
  checked,
  onCheckedChange,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('organization');
  return (
    <div className="flex items-start gap-2">
      <Checkbox
        id="include-all-due"
        checked={checked}
        onCheckedChange={(state) => onCheckedChange(state === true)}
        className="mt-0.5"
      />
      <Label htmlFor="include-all-due" className="leading-snug font-normal">
        {t('general.payments.creation.includeAll')}
      </Label>
    </div>
  );
}
