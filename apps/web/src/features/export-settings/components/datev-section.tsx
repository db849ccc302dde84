import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DATEV_CHARTS, type ExportSettingsInput } from '@kontor/domain/exports/export-api';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { intlFormatter } from '@kontor/domain/intl';
import { currentLocale } from '@/lib/i18n';
import { NumberSetting, SettingsCard } from './settings-fields';

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);
const NO_CHART = 'none';

function monthName(month: number): string {
  const locale = currentLocale() === 'de' ? 'de-DE' : 'en-GB';
  return intlFormatter(Intl.DateTimeFormat, locale, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, month - 1, 1));
}

/** The numbers of the EXTF header (Beraternummer, Mandantennummer, WJ-Beginn, Sachkontenlänge, SKR, Festschreibung). */
export function DatevSection() {
  const { t } = useTranslation('export-settings');
  const { control } = useFormContext<ExportSettingsInput>();
  return (
    <SettingsCard id="export-datev" title={t('datev.title')} description={t('datev.description')}>
      <NumberSetting
        name="datevConsultantNumber"
        label={t('datev.consultantNumber')}
        hint={t('datev.consultantNumberHint')}
        nullable
      />
      <NumberSetting name="datevClientNumber" label={t('datev.clientNumber')} hint={t('datev.clientNumberHint')} nullable />
      <FormField
        id="export-settings-fiscalYearStartMonth"
        label={t('datev.fiscalYearStart')}
        hint={t('datev.fiscalYearStartHint')}
      >
        <Controller
          control={control}
          name="fiscalYearStartMonth"
          render={({ field }) => (
            <Select value={String(field.value)} onValueChange={(value) => field.onChange(Number(value))}>
              <SelectTrigger ref={field.ref} {...fieldAria('export-settings-fiscalYearStartMonth', { hint: true })}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {MONTHS.map((month) => (
                  <SelectItem key={month} value={String(month)}>
                    {monthName(month)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <NumberSetting name="accountLength" label={t('datev.accountLength')} hint={t('datev.accountLengthHint')} nullable={false} />
      <FormField id="export-settings-datevChart" label={t('datev.chart')} hint={t('datev.chartHint')}>
        <Controller
          control={control}
          name="datevChart"
          render={({ field }) => (
            <Select value={field.value ?? NO_CHART} onValueChange={(value) => field.onChange(value === NO_CHART ? null : value)}>
              <SelectTrigger ref={field.ref} {...fieldAria('export-settings-datevChart', { hint: true })}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DATEV_CHARTS.map((chart) => (
                  <SelectItem key={chart} value={chart}>
                    {t('datev.chartOption', { chart })}
                  </SelectItem>
                ))}
                <SelectItem value={NO_CHART}>{t('datev.noChart')}</SelectItem>
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <Controller
        control={control}
        name="datevLockBookings"
        render={({ field }) => (
          <div className="flex items-start gap-3 self-end">
            <Switch id="export-settings-datevLockBookings" checked={field.value} onCheckedChange={field.onChange} />
            <div className="grid gap-1">
              <Label htmlFor="export-settings-datevLockBookings">{t('datev.lockBookings')}</Label>
              <p className="text-xs text-muted-foreground">{t('datev.lockBookingsHint')}</p>
            </div>
          </div>
        )}
      />
    </SettingsCard>
  );
}
