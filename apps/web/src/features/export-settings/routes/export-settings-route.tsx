import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { useExportSettings } from '@/lib/exports/export-settings';
import { ExportSettingsForm } from '../components/export-settings-form';

/** Settings › Export (admin, issue 41): the defaults of the export dialog and the accountant's numbers. */
export function ExportSettingsRoute() {
  const { t } = useTranslation('export-settings');
  const settings = useExportSettings();
  if (settings.isPending) return <LoadingState />;
  if (settings.isError && !settings.data) {
    return (
      <ErrorState
        title={t('loadFailed')}
        error={settings.error}
        onRetry={() => void settings.refetch()}
        isRetrying={settings.isFetching}
      />
    );
  }
  return <ExportSettingsForm settings={settings.data} />;
}
