import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { NotAvailable } from '@/components/not-available';
import { PageHeader } from '@/components/ui/page-header';
import { findPageHandle } from '../route-handle';

/** Every organisation screen that a later module builds: titled from its route, marked as not available yet. */
export function PlaceholderRoute() {
  const { t } = useTranslation('titles');
  const screenName = t(findPageHandle(useMatches())?.titleKey ?? 'app');
  return (
    <>
      <PageHeader title={screenName} />
      <NotAvailable screenName={screenName} />
    </>
  );
}
