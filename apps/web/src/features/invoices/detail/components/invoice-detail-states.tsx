import { FileQuestion, ScanText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { hasErrorCode, isApiError } from '@/lib/api-error';

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
    return (
      <EmptyState
        icon={ScanText}
        title={t('states.inOcrTitle')}
        description={t('states.inOcrDescription')}
        action={
          <div className="flex gap-2">
            {back}
            <Button onClick={onRetry} isLoading={isRetrying}>
              {tCommon('actions.retry')}
            </Button>
          </div>
        }
      />
    );
  }
  return <ErrorState title={t('states.loadFailed')} error={error} onRetry={onRetry} isRetrying={isRetrying} />;
}
