import { FileQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackLink, RecordQueryView } from '@/components/record-states';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/lib/session-context';
import { useCounterpartyRecord } from '../../api/get-counterparty';
import { CounterpartyForm } from './counterparty-form';
import { canManageCounterparties } from '../../model/counterparty-permissions';

function useBasePath() {
  return `/${useSession().organization.slug}/counterparties`;
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
      <BackLink to={basePath} label={t('actions.back')} className="mb-2" />
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

  const body = canManageCounterparties(session) ? (
    <RecordQueryView
      query={query}
      loadingLabel={t('detail.loading')}
      notFound={{ title: t('detail.notFoundTitle'), description: t('detail.notFoundDescription') }}
      back={{ to: basePath, label: t('actions.back') }}
      loadFailedTitle={t('detail.loadFailed')}
    >
      {(counterparty) => (
        <>
          <PageHeader title={t('form.editTitle', { name: counterparty.name })} />
          {/* Keyed by id only: a background refetch must not reset what is being typed. */}
          <CounterpartyForm
            key={counterparty.id}
            counterparty={counterparty}
            cancelPath={detailPath}
            detailPath={(saved) => `${basePath}/${saved}`}
          />
        </>
      )}
    </RecordQueryView>
  ) : (
    <NoPermission basePath={basePath} />
  );

  return (
    <div className="grid gap-2">
      <BackLink to={detailPath} label={t('actions.backToDetail')} className="mb-2" />
      {body}
    </div>
  );
}
