import { FileOutput } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportSelection } from '@kontor/domain/exports/export-api';
import { Button } from '@/components/ui/button';

// The dialog, its check and its words load when someone exports, not with the overview.
const AccountingExportDialog = lazy(() =>
  import('@/components/exports/accounting-export-dialog').then((module) => ({ default: module.AccountingExportDialog })),
);

/**
 * "Export" on the approved tab (issue 41): the selected invoices, or all that are ready to
 * export. Opens the export dialog; the export itself runs in the downloads panel.
 */
export function ExportInvoicesAction({
  invoiceIds,
  onStarted,
  variant = 'outline',
}: {
  /** Null: every invoice that is ready to export. */
  invoiceIds: string[] | null;
  onStarted?: () => void;
  variant?: 'outline' | 'primary';
}) {
  const { t } = useTranslation('invoices');
  const [isOpen, setIsOpen] = useState(false);
  const selection: ExportSelection = invoiceIds ? { kind: 'invoices', invoiceIds } : { kind: 'ready' };
  return (
    <>
      <Button size={invoiceIds ? 'sm' : 'md'} variant={variant} onClick={() => setIsOpen(true)}>
        <FileOutput aria-hidden="true" />
        {invoiceIds ? t('exportAction.selected') : t('exportAction.allReady')}
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <AccountingExportDialog
            open
            onOpenChange={setIsOpen}
            selection={selection}
            subject={invoiceIds ? t('exportAction.subject', { count: invoiceIds.length }) : t('exportAction.allSubject')}
            onStarted={onStarted}
          />
        </Suspense>
      ) : null}
    </>
  );
}
