import { ChevronDown, FileCode2, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AR_IMPORT_COLUMNS, type ArImportColumn } from '@kontor/domain/receivables/receivable-import';
import type { ArImportResult } from '@kontor/domain/receivables/receivable-view';
import { MASTER_DATA_IMPORT_MAX_BYTES } from '@kontor/domain/master-data-import';
import { CsvImportDialog } from '@/components/csv-import/csv-import-dialog';
import { SingleFileDrop } from '@/components/single-file-drop';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { checkChosenFile } from '@/lib/chosen-file';
import { getErrorMessage } from '@/lib/notify';
import { useReceivableImports } from '../../api/import-receivables';
import { receivableUrl } from '../../api/receivable-keys';
import { ReceivableImportResult } from './receivable-import-result';

/** An e-invoice is a few hundred kilobytes; the server takes ten megabytes (a ZUGFeRD PDF with images). */
const EINVOICE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * "Import": existing receivables from a CSV (one invoice per row, columns mapped in the dialog) or
 * one invoice from its e-invoice (XRechnung, ZUGFeRD/Factur-X XML or PDF), which then opens.
 */
export function ReceivableImportMenu({ slug }: { slug: string }) {
  const { t } = useTranslation('receivables');
  const imports = useReceivableImports();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'csv' | 'einvoice' | null>(null);
  const [einvoiceError, setEInvoiceError] = useState<unknown>(null);

  const importEInvoice = async (file: File) => {
    setEInvoiceError(null);
    try {
      const invoice = await imports.einvoice.mutateAsync(file);
      toast.success(t('import.einvoiceDone', { number: invoice.invoiceNumber ?? '' }));
      setDialog(null);
      void navigate(receivableUrl(slug, invoice.id));
    } catch (error) {
      setEInvoiceError(error);
    }
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" data-testid="receivable-import">
            <Upload aria-hidden="true" />
            {t('import.open')}
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setDialog('csv')}>{t('import.csv')}</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog('einvoice')}>{t('import.einvoice')}</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <CsvImportDialog<ArImportColumn, ArImportResult>
        open={dialog === 'csv'}
        onOpenChange={(open) => setDialog(open ? 'csv' : null)}
        title={t('import.csvTitle')}
        description={t('import.csvDescription')}
        fileHint={t('import.csvHint', { maxMb: MASTER_DATA_IMPORT_MAX_BYTES / 1024 / 1024 })}
        columns={AR_IMPORT_COLUMNS}
        labelOf={(key) => t(`import.columns.${key}`)}
        onImport={(request) => imports.csv.mutateAsync(request)}
        renderResult={(result) => <ReceivableImportResult result={result} />}
        testId="receivable-csv-drop-zone"
      />

      <Dialog open={dialog === 'einvoice'} onOpenChange={(open) => setDialog(open ? 'einvoice' : null)}>
        <DialogContent className="max-w-xl">
          <DialogHeader>
            <DialogTitle>{t('import.einvoiceTitle')}</DialogTitle>
            <DialogDescription>{t('import.einvoiceDescription')}</DialogDescription>
          </DialogHeader>
          <SingleFileDrop
            onFile={(file) => void importEInvoice(file)}
            check={(file) => {
              const problem = checkChosenFile(file, { extensions: ['xml', 'pdf'], maxBytes: EINVOICE_MAX_BYTES });
              return problem ? t(`import.${problem}`, { fileName: file.name, maxMb: EINVOICE_MAX_BYTES / 1024 / 1024 }) : null;
            }}
            accept=".xml,.pdf,application/xml,text/xml,application/pdf"
            icon={FileCode2}
            texts={{
              drop: t('import.einvoiceDrop'),
              label: t('import.einvoiceFile'),
              choose: t('import.choose'),
              hint: t('import.einvoiceHint'),
            }}
            testId="receivable-einvoice-drop-zone"
            disabled={imports.einvoice.isPending}
          />
          {einvoiceError ? <Alert tone="danger">{getErrorMessage(einvoiceError)}</Alert> : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setDialog(null)}>
              {t('import.close')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
