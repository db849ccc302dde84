import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { exportSettingsInputSchema, type ExportSettings, type ExportSettingsInput } from '@kontor/domain/exports/export-api';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-error';
import { zodErrorOptions } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUpdateExportSettings } from '@/lib/exports/export-settings';
import { BmdSection, RzlSection } from './austrian-sections';
import { DatevSection } from './datev-section';
import { DefaultsSection } from './defaults-section';

function toValues({ version, ...settings }: ExportSettings): ExportSettingsInput {
  return { ...settings, version };
}

/**
 * One form for the whole tab: the sections belong together (the dialog's default format needs
 * that format's numbers), and one version guards them. A 409 toasts and refetches (query-client).
 */
export function ExportSettingsForm({ settings }: { settings: ExportSettings }) {
  // 'validation' holds the sentences of the schema's rule codes (translateFieldMessage).
  const { t } = useTranslation(['export-settings', 'validation']);
  const update = useUpdateExportSettings();
  const form = useForm<ExportSettingsInput>({
    resolver: zodResolver(exportSettingsInputSchema, zodErrorOptions),
    values: toValues(settings),
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await update.mutateAsync({ ...input, version: settings.version });
      form.reset(toValues(saved));
      notifySuccess(t('saved'));
    } catch (error) {
      if (isApiError(error) && error.fieldErrors) {
        for (const [field, [code]] of Object.entries(error.fieldErrors)) {
          if (code && field in settings) form.setError(field as keyof ExportSettingsInput, { message: code });
        }
      }
      notifyError(error, t('saveFailed'));
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-6" data-testid="export-settings-form">
        <DefaultsSection />
        <DatevSection />
        <BmdSection />
        <RzlSection />
        <div className="flex justify-end">
          <Button type="submit" isLoading={update.isPending} disabled={!form.formState.isDirty}>
            {t('save')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
