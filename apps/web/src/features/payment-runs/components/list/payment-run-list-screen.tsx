import { ListChecks, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PAYMENT_RUN_STATUSES, type PaymentRunStatus } from '@kontor/domain/payments/payment-run-status';
import { PagedListBody, pagedListTexts } from '@/components/paged-list-body';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/lib/session-context';
import { usePagedItems } from '@/lib/use-paged-items';
import { usePaymentRunList } from '../../api/payment-run-queries';
import { paymentRunUrl } from '../../model/payment-run-paths';
import { PaymentRunTable } from './payment-run-table';

/** /{slug}/pr: every run of the organisation, filterable by status. */
export function PaymentRunListScreen() {
  const { t } = useTranslation('payment-runs');
  const { t: tList } = useTranslation('payment-runs', { keyPrefix: 'list' });
  const session = useSession();
  const navigate = useNavigate();
  const slug = session.organization.slug;
  const [statuses, setStatuses] = useState<PaymentRunStatus[]>([]);
  const list = usePaymentRunList(statuses);
  const items = usePagedItems(list.data);

  const toggle = (status: PaymentRunStatus) =>
    setStatuses((current) => (current.includes(status) ? current.filter((entry) => entry !== status) : [...current, status]));

  const empty =
    statuses.length > 0 ? (
      <EmptyState icon={SearchX} title={t('list.noMatches.title')} description={t('list.noMatches.description')} />
    ) : (
      <EmptyState
        icon={ListChecks}
        title={t('list.empty.title')}
        description={t('list.empty.description')}
        action={
          <Button asChild variant="outline">
            <Link to={`/${slug}/transactions`}>{t('list.empty.toTransactions')}</Link>
          </Button>
        }
      />
    );

  return (
    <>
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <div className="mb-4 flex flex-wrap items-center gap-2" role="group" aria-label={t('list.statusFilter')}>
        {PAYMENT_RUN_STATUSES.map((status) => (
          <Button
            key={status}
            size="sm"
            variant={statuses.includes(status) ? 'primary' : 'outline'}
            aria-pressed={statuses.includes(status)}
            onClick={() => toggle(status)}
          >
            {t(`status.${status}`)}
          </Button>
        ))}
      </div>
      <PagedListBody
        list={list}
        itemCount={items.length}
        skeletonColumns={8}
        empty={empty}
        texts={pagedListTexts(tList, items.length)}
      >
        <PaymentRunTable
          items={items}
          detailPath={(id) => paymentRunUrl(slug, id)}
          onOpen={(id) => void navigate(paymentRunUrl(slug, id))}
        />
      </PagedListBody>
    </>
  );
}
