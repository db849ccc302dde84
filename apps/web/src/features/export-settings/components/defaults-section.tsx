import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ExportSettingsInput } from '@kontor/domain/exports/export-api';
import { EXPORT_FORMATS, EXPORT_TYPES } from '@kontor/domain/exports/export-formats';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { SettingsCard } from './settings-fields';

/** What the export dialog starts with. */
export function DefaultsSection() {
  const { t } = useTranslation(['export-settings', 'exports']);
  const { control } = useFormContext<ExportSettingsInput>();
  return (
    <SettingsCard id="export-defaults" title={t('defaults.title')} description={t('defaults.description')}>
      <fieldset className="grid gap-2">
        <legend id="export-default-format" className="mb-2 text-sm font-medium">
          {t('defaults.format')}
        </legend>
        <Controller
          control={control}
          name="defaultFormat"
          render={({ field }) => (
            <RadioGroup aria-labelledby="export-default-format" value={field.value} onValueChange={field.onChange}>
              {EXPORT_FORMATS.map((format) => (
                <div key={format} className="flex items-center gap-2">
                  <RadioGroupItem id={`export-default-format-${format}`} value={format} />
                  <Label htmlFor={`export-default-format-${format}`}>{t(`exports:formats.${format}`)}</Label>
                </div>
              ))}
            </RadioGroup>
          )}
        />
      </fieldset>
      <fieldset className="grid gap-2">
        <legend id="export-default-type" className="mb-2 text-sm font-medium">
          {t('defaults.type')}
        </legend>
        <Controller
          control={control}
          name="defaultType"
          render={({ field }) => (
            <RadioGroup aria-labelledby="export-default-type" value={field.value} onValueChange={field.onChange}>
              {EXPORT_TYPES.map((type) => (
                <div key={type} className="flex items-start gap-2">
                  <RadioGroupItem id={`export-default-type-${type}`} value={type} />
                  <Label htmlFor={`export-default-type-${type}`} className="grid gap-0.5">
                    <span>{t(`exports:types.${type}`)}</span>
                    <span className="text-xs font-normal text-muted-foreground">{t(`exports:typeHints.${type}`)}</span>
                  </Label>
                </div>
              ))}
            </RadioGroup>
          )}
        />
      </fieldset>
    </SettingsCard>
  );
}
