import { RefreshCw, TriangleExclamationPoint } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '@/lib/notify';
import { cn } from '@/lib/cn';
import { Button } from './button';

export interface ErrorStateProps {
  title?: string;
  error?: unknown;
  onRetry?: () => void;
  isRetrying?: boolean;
  className?: string;
}

/** A failed load: what went wrong (translated) and a way to try again. */
export function ErrorState({ title, error, onRetry, isRetrying, className }: ErrorStateProps) {
  // 'errors' is loaded after the first screen: asking for it here waits for it (getErrorMessage).
  const { t } = useTranslation(['common', 'errors']);
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-lg border border-danger/30 bg-danger-background px-6 py-10 text-center',
        className,
      )}
    >
      <TriangleExclamationPoint aria-hidden="true" className="size-8 text-danger" />
      <h2 className="text-base font-semibold text-foreground">{title ?? t('states.errorTitle')}</h2>
      <p className="max-w-md text-sm text-muted-foreground">{getErrorMessage(error)}</p>
      {onRetry ? (
        <Button variant="outline" onClick={onRetry} isLoading={isRetrying}>
          {isRetrying ? null : <RefreshCw aria-hidden="true" />}
          {t('actions.retry')}
        </Button>
      ) : null}
    </div>
  );
}
