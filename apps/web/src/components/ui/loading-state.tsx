import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

/** A region that is loading; announced to screen readers as a status. */
export function LoadingState({ label, className, fullPage = false }: { label?: string; className?: string; fullPage?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="status"
      aria-live="polite"
      // The first screen is not shown while this is on the page (lib/first-screen).
      data-loading-placeholder=""
      className={cn(
        'flex items-center justify-center gap-3 py-16 text-sm text-muted-foreground',
        fullPage && 'min-h-screen py-0',
        className,
      )}
    >
      <Spinner size="md" />
      <span>{label ?? t('states.loading')}</span>
    </div>
  );
}
