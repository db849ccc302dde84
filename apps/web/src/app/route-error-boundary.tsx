import { RefreshCw, SearchX, TriangleExclamationPoint } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** A screen's chunk fails to load after a new release was deployed; a reload fetches the new one. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message)
  );
}

/** Shown when a route throws while loading or rendering, instead of a blank page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation('common');

  useEffect(() => {
    console.error('[route] error', error);
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="mx-auto max-w-xl p-8">
        <EmptyState
          icon={SearchX}
          title={t('states.notFoundTitle')}
          description={t('states.notFoundDescription')}
          action={
            <Button asChild variant="outline">
              <Link to="/">{t('actions.goHome')}</Link>
            </Button>
          }
        />
      </div>
    );
  }

  const isOutdated = isChunkLoadError(error);
  return (
    <div className="mx-auto max-w-xl p-8">
      <EmptyState
        icon={TriangleExclamationPoint}
        title={isOutdated ? t('states.outdatedTitle') : t('states.errorTitle')}
        description={isOutdated ? t('states.outdatedDescription') : t('states.crashDescription')}
        action={
          <Button onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            {t('actions.reload')}
          </Button>
        }
      />
    </div>
  );
}
