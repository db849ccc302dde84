import { useTranslation } from 'react-i18next';
import type { InvoiceStatus, OcrStatus } from '@kontor/domain/invoices/invoice-status';
import { isOcrRunning } from '@kontor/domain/invoices/invoice-status';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';

const STATUS_TONES: Record<InvoiceStatus, 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info'> = {
  new: 'primary',
  in_approval: 'info',
  approved: 'success',
  rejected: 'danger',
  cancelled: 'neutral',
  archived: 'neutral',
  exported: 'success',
  imported: 'neutral',
};

/** The invoice's status, or while OCR reads it that state instead (it decides whether the row opens). */
export function InvoiceStatusBadge({ status, ocrStatus }: { status: InvoiceStatus; ocrStatus: OcrStatus }) {
  const { t } = useTranslation('invoices');
  if (isOcrRunning(ocrStatus)) {
    return (
      <Badge tone="warning">
        <Spinner size="sm" />
        {t(`ocr.${ocrStatus === 'pending' ? 'pending' : 'processing'}`)}
      </Badge>
    );
  }
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={STATUS_TONES[status]}>{t(`status.${status}`)}</Badge>
      {ocrStatus === 'failed' ? <Badge tone="warning">{t('ocr.failed')}</Badge> : null}
    </span>
  );
}
