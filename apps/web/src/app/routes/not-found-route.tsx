import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** An address no route knows; inside an organisation it leads back to the organisation's start page. */
export function NotFoundRoute() {
  const { t } = useTranslation('common');
  const { slug } = useParams();
  // Inside the shell the page already sits in <main>.
  const Wrapper = slug ? 'div' : 'main';
  return (
    <Wrapper className="mx-auto max-w-xl px-4 py-12">
      <EmptyState
        icon={SearchX}
        headingLevel={1}
        title={t('states.notFoundTitle')}
        description={t('states.notFoundDescription')}
        action={
          <Button asChild variant="outline">
            <Link to={slug ? `/${slug}` : '/'}>{t('actions.goHome')}</Link>
          </Button>
        }
      />
    </Wrapper>
  );
}
