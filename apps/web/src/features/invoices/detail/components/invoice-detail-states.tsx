import { FileQuestion, ScanText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { hasErrorCode, isApiError } from '@/lib/api-error';
import { ReadingProgress } from '../../components/reading-progress';

/**
 * The scan status the 409 invoice_in_ocr may carry in its params (`ocrStatus`, `progress`);
 * without them the screen says only that reading is under way.
 */
function readOcrParams(error: unknown): { ocrStatus: 'pending' | 'processing'; progress: number | null } {
  const params = isApiError(error) ? error.params : undefined;
  const ocrStatus = params?.ocrStatus === 'pending' ? 'pending' : 'processing';
  const progress = typeof params?.progress === 'number' ? params.progress : null;
  return { ocrStatus, progress };
}

export interface InvoiceLoadErrorProps {
  error: unknown;
  backPath: string;
  onRetry: () => void;
  isRetrying: boolean;
}

/** Why an invoice cannot be shown: not found or no permission (404), still in OCR (409), or a failure. */
export function InvoiceLoadError({ error, backPath, onRetry, isRetrying }: InvoiceLoadErrorProps) {
  const { t } = useTranslation('invoice-detail');
  const { t: tCommon } = useTranslation('common');
  const back = (
    <Button asChild variant="outline">
      <Link to={backPath}>{t('back')}</Link>
    </Button>
  );
  // A malformed id (400) is as unknown as a missing one.
  if (hasErrorCode(error, 'invoice_not_found') || (isApiError(error) && (error.status === 404 || error.status === 400))) {
    return (
      <EmptyState
        icon={FileQuestion}
        title={t('states.notFoundTitle')}
        description={t('states.notFoundDescription')}
        action={back}
      />
    );
  }
  if (hasErrorCode(error, 'invoice_in_ocr')) {
    const { ocrStatus, progress } = readOcrParams(error);
    return (
      <EmptyState
        icon={ScanText}
        title={t('states.inOcrTitle')}
        description={t('states.inOcrDescription')}
        action={
          <div className="flex flex-col items-center gap-4" data-testid="invoice-in-ocr">
            <ReadingProgress
              ocrStatus={ocrStatus}
              progress={progress}
              namespace="invoice-detail"
              className="justify-items-center"
            />
            <div className="flex gap-2">
              {back}
              {/* It is asked again every two seconds anyway: no spinner on the button for each of those. */}
              <Button onClick={onRetry}>{tCommon('actions.retry')}</Button>
            </div>
          </div>
        }
      />
    );
  }
  return <ErrorState title={t('states.loadFailed')} error={error} onRetry={onRetry} isRetrying={isRetrying} />;
}
