import { Download } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ListExportFormat } from '@kontor/domain/list-export';
import { Button } from '@/components/ui/button';
import { useDeferredMenu } from '@/components/ui/use-deferred-menu';
import { getErrorMessage } from '@/lib/notify';

const loadMenu = () => import('./export-list-menu');
const ExportListMenu = lazy(() => loadMenu().then((module) => ({ default: module.ExportListMenu })));

/** The trigger; Radix passes its ref and handlers through (React 19: ref is a prop). */
function ExportTrigger({ isExporting, ...props }: ComponentProps<typeof Button> & { isExporting: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Button variant="outline" isLoading={isExporting} data-testid="export-list" {...props}>
      {isExporting ? null : <Download aria-hidden="true" />}
      {isExporting ? t('listExport.running') : t('listExport.open')}
    </Button>
  );
}

/**
 * "Export": a list as the user sees it (search, filters, order), every page of it, as an Excel
 * workbook or CSV. The menu's code loads on first use; a toast follows the export and names how
 * many rows the file holds (`doneMessage`), or why it failed.
 */
export function ExportListButton({
  onExport,
  doneMessage,
}: {
  /** Downloads the file; answers how many rows it holds. */
  onExport: (format: ListExportFormat) => Promise<number>;
  doneMessage: (count: number) => string;
}) {
  const { t } = useTranslation('common');
  const { isActive, placeholderProps } = useDeferredMenu(loadMenu);
  const [isExporting, setIsExporting] = useState(false);

  const run = async (format: ListExportFormat) => {
    setIsExporting(true);
    const toastId = toast.loading(t('listExport.running'));
    try {
      toast.success(doneMessage(await onExport(format)), { id: toastId });
    } catch (error) {
      toast.error(t('listExport.failed'), { id: toastId, description: getErrorMessage(error) });
    } finally {
      setIsExporting(false);
    }
  };

  const placeholder = <ExportTrigger isExporting={isExporting} disabled={isExporting} {...placeholderProps} />;
  if (!isActive) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ExportListMenu
        trigger={<ExportTrigger isExporting={isExporting} disabled={isExporting} />}
        onExport={(format) => void run(format)}
      />
    </Suspense>
  );
}
