import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft, FileQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { Button } from './ui/button';
import { EmptyState } from './ui/empty-state';
import { ErrorState } from './ui/error-state';
import { LoadingState } from './ui/loading-state';

/** "← Back to …" above a detail or edit screen. */
export function BackLink({ to, label, className }: { to: string; label: string; className?: string }) {
  return (
    <Link to={to} className={cn('inline-flex items-center gap-1 text-sm text-primary hover:underline', className)}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}

export interface RecordLoadErrorProps {
  error: unknown;
  notFound: { title: string; description: string; headingLevel?: 1 | 2 | 3 };
  /** The way out of a record that is not there. */
  back: { to: string; label: string };
  loadFailedTitle: string;
  onRetry: () => void;
  isRetrying: boolean;
}

/** Why one record cannot be shown: not there (404, or a malformed id: 400), or a failure to retry. */
export function RecordLoadError({ error, notFound, back, loadFailedTitle, onRetry, isRetrying }: RecordLoadErrorProps) {
  if (isApiError(error) && (error.status === 404 || error.status === 400)) {
    return (
      <EmptyState
        icon={FileQuestion}
        title={notFound.title}
        description={notFound.description}
        headingLevel={notFound.headingLevel}
        action={
          <Button asChild variant="outline">
            <Link to={back.to}>{back.label}</Link>
          </Button>
        }
      />
    );
  }
  return <ErrorState title={loadFailedTitle} error={error} onRetry={onRetry} isRetrying={isRetrying} />;
}

export interface RecordQueryViewProps<T> extends Omit<RecordLoadErrorProps, 'error' | 'onRetry' | 'isRetrying'> {
  query: UseQueryResult<T>;
  loadingLabel: string;
  /** The screen of the loaded record (a background refetch that fails keeps showing it). */
  children: (record: T) => ReactNode;
}

/** One record's query as a screen: loading, not found, failed (with retry), or the record. */
export function RecordQueryView<T>({ query, loadingLabel, children, ...errorProps }: RecordQueryViewProps<T>) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.isError && !query.data) {
    return (
      <RecordLoadError {...errorProps} error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
    );
  }
  // Neither pending nor failed without data: the record is there.
  return children(query.data as T);
}
