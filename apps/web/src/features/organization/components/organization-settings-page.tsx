import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Organization } from '@kontor/domain';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { useSession } from '@/lib/session-context';
import { useOrganization } from '../api/get-organization';

/** A settings tab made of organisation forms: loads the organisation, with loading and error states. */
export function OrganizationSettingsPage({ children }: { children: (organization: Organization) => ReactNode }) {
  const { t } = useTranslation('organization');
  const session = useSession();
  const query = useOrganization(session.organization.id, session.organization);

  if (query.isPending) return <LoadingState />;
  if (query.isError && !query.data) {
    return (
      <ErrorState
        title={t('general.loadFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return <>{children(query.data)}</>;
}
