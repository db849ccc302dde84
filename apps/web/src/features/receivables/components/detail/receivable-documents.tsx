import { ChevronDown, FileDown, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { notifyError, notifySuccess } from '@/lib/notify';
import { downloadReceivablePdf, downloadReceivableXRechnung } from '../../api/receivable-documents';
import { SendReceivableDialog } from './send-receivable-dialog';

type DocumentKind = 'pdf' | 'ubl' | 'cii';

/**
 * The documents of an issued invoice (issue 65): the PDF, a ZUGFeRD/Factur-X e-invoice any
 * accounting software reads; XRechnung in UBL or CII for public-sector customers; and sending the
 * PDF to the customer by e-mail. A draft has none: it gets its number when it is issued.
 */
export function ReceivableDocuments({ record, hasUnsavedChanges }: { record: ArInvoice; hasUnsavedChanges: boolean }) {
  const { t } = useTranslation('receivables');
  const [busy, setBusy] = useState<DocumentKind | null>(null);
  const [isSending, setSending] = useState(false);
  if (record.status === 'draft' || !record.invoiceNumber) return null;

  const download = async (kind: DocumentKind) => {
    setBusy(kind);
    try {
      await (kind === 'pdf' ? downloadReceivablePdf(record) : downloadReceivableXRechnung(record, kind));
      notifySuccess(t('documents.downloaded'));
    } catch (error) {
      notifyError(error, t('documents.downloadFailed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div role="group" aria-label={t('documents.label')} className="flex flex-wrap items-center gap-2">
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" isLoading={busy !== null} data-testid="receivable-documents">
            <FileDown aria-hidden="true" />
            {t('documents.download')}
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => void download('pdf')}>{t('documents.pdf')}</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void download('ubl')}>{t('documents.xrechnungUbl')}</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void download('cii')}>{t('documents.xrechnungCii')}</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {record.status !== 'canceled' ? (
        <Button variant="outline" disabled={hasUnsavedChanges} onClick={() => setSending(true)}>
          <Send aria-hidden="true" />
          {t('documents.send')}
        </Button>
      ) : null}
      <SendReceivableDialog record={record} open={isSending} onOpenChange={setSending} />
    </div>
  );
}
