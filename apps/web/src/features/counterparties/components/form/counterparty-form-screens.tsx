import { ArrowLeft, FileQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { PageHeader } from '@/components/ui/page-header';
import { isApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session-context';
import { useCounterpartyRecord } from '../../api/get-counterparty';
import { CounterpartyForm } from './counterparty-form';
import { canManageCounterparties } from '../../model/counterparty-permissions';

function useBasePath() {
  return `/${useSession().organization.slug}/counterparties`;
}

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="mb-2 inline-flex items-center gap-1 text-sm text-primary hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}

/** Users who may not create or edit get the SPEC §2 hint instead of a form the server would refuse. */
function NoPermission({ basePath }: { basePath: string }) {
  const { t } = useTranslation('counterparties');
  return (
    <EmptyState
      icon={FileQuestion}
      title={t('list.empty.noPermissionTitle')}
      description={t('list.empty.noPermission')}
      action={
        <Button asChild variant="outline">
          <Link to={basePath}>{t('actions.back')}</Link>
        </Button>
      }
    />
  );
}

/** /{slug}/counterparties/new */
export function CounterpartyCreateScreen() {
  const { t } = useTranslation('counterparties');
  const session = useSession();
  const basePath = useBasePath();
  return (
    <div className="grid gap-2">
      <BackLink to={basePath} label={t('actions.back')} />
      <PageHeader title={t('form.createTitle')} />
      {canManageCounterparties(session) ? (
        <CounterpartyForm counterparty={null} cancelPath={basePath} detailPath={(id) => `${basePath}/${id}`} />
      ) : (
        <NoPermission basePath={basePath} />
      )}
    </div>
  );
}

/** /{slug}/counterparties/{id}/edit */
export function CounterpartyEditScreen({ id }: { id: string }) {
  const { t } = useTranslation('counterparties');
  const session = useSession();
  const basePath = useBasePath();
  const query = useCounterpartyRecord(id);
  const detailPath = `${basePath}/${id}`;

  let body;
  if (!canManageCounterparties(session)) body = <NoPermission basePath={basePath} />;
  else if (query.isPending) body = <LoadingState label={t('detail.loading')} />;
  else if (query.isError && !query.data) {
    body =
      isApiError(query.error) && (query.error.status === 404 || query.error.status === 400) ? (
        <EmptyState
          icon={FileQuestion}
          title={t('detail.notFoundTitle')}
          description={t('detail.notFoundDescription')}
          action={
            <Button asChild variant="outline">
              <Link to={basePath}>{t('actions.back')}</Link>
            </Button>
          }
        />
      ) : (
        <ErrorState
          title={t('detail.loadFailed')}
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      );
  } else {
    body = (
      <>
        <PageHeader title={t('form.editTitle', { name: query.data.name })} />
        {/* Keyed by id only: a background refetch must not reset what is being typed. */}
        <CounterpartyForm
          key={query.data.id}
          counterparty={query.data}
          cancelPath={detailPath}
          detailPath={(saved) => `${basePath}/${saved}`}
        />
      </>
    );
  }

  return (
    <div className="grid gap-2">
      <BackLink to={detailPath} label={t('actions.backToDetail')} />
      {body}
    </div>
  );
}
