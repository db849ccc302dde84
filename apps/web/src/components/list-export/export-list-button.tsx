import { Download } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { InvoiceExportFormat } from '@kontor/domain/invoices/invoice-schema';
import { Button } from '@/components/ui/button';
import { useDeferredMenu } from '@/components/ui/use-deferred-menu';
import { currentLocale } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/notify';
import { exportInvoiceList } from '../../api/export-invoice-list';
import type { InvoiceListRequest } from '../list-query';

const loadMenu = () => import('./export-list-menu');
const ExportListMenu = lazy(() => loadMenu().then((module) => ({ default: module.ExportListMenu })));

/** The trigger; Radix passes its ref and handlers through (React 19: ref is a prop). */
function ExportTrigger({ isExporting, ...props }: ComponentProps<typeof Button> & { isExporting: boolean }) {
  const { t } = useTranslation('invoices');
  return (
    <Button variant="outline" isLoading={isExporting} data-testid="export-list" {...props}>
      {isExporting ? null : <Download aria-hidden="true" />}
      {isExporting ? t('export.running') : t('export.open')}
    </Button>
  );
}

/**
 * "Export": the list as the user sees it (tab, search, filters, order), every page of it, as an
 * Excel workbook or CSV. The menu's code loads on first use; a toast follows the export.
 */
export function ExportListButton({ request }: { request: InvoiceListRequest }) {
  const { t } = useTranslation('invoices');
  const { isActive, placeholderProps } = useDeferredMenu(loadMenu);
  const [isExporting, setIsExporting] = useState(false);

  const run = async (format: InvoiceExportFormat) => {
    setIsExporting(true);
    const toastId = toast.loading(t('export.running'));
    try {
      const count = await exportInvoiceList(request, format);
      toast.success(t('export.done', { count, formatted: count.toLocaleString(currentLocale()) }), { id: toastId });
    } catch (error) {
      toast.error(t('export.failed'), { id: toastId, description: getErrorMessage(error) });
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
