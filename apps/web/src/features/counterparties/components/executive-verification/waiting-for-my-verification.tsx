import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatIban } from '@kontor/domain/iban';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { useWaitingExecutiveVerifications } from '../../api/executive-verifications';

/**
 * "Waiting for my verification": bank accounts where the signed-in user is a named verifier who
 * has not decided yet. Shown above the counterparty list only while there is something to do.
 */
export function WaitingForMyVerification({ basePath }: { basePath: string }) {
  const { t } = useTranslation('counterparty-executive');
  const waiting = useWaitingExecutiveVerifications();
  const locale = currentLocale();

  if (waiting.isPending) return null;
  if (waiting.isError) {
    return (
      <Alert tone="warning" className="mb-4">
        <p className="flex flex-wrap items-center gap-2">
          {t('waiting.loadFailed')}
          <Button size="sm" variant="link" onClick={() => void waiting.refetch()} isLoading={waiting.isFetching}>
            {t('retry')}
          </Button>
        </p>
      </Alert>
    );
  }
  if (waiting.data.items.length === 0) return null;

  return (
    <section aria-labelledby="waiting-for-my-verification-title" className="mb-4 rounded-md border border-border p-4">
      <h2 id="waiting-for-my-verification-title" className="mb-2 text-sm font-semibold">
        {t('waiting.title')}
      </h2>
      <ul className="grid gap-1" data-testid="waiting-for-my-verification">
        {waiting.data.items.map((item) => (
          <li key={item.id} className="text-sm">
            <Link to={`${basePath}/${item.counterpartyId}`} className="font-medium text-primary hover:underline">
              {item.counterpartyName}
            </Link>{' '}
            <span className="text-muted-foreground">
              {t('waiting.item', {
                iban: formatIban(item.iban),
                name: item.requestedBy?.name ?? '—',
                date: formatDate(item.requestedAt, locale),
                approvals: item.approvals,
                required: item.requiredApprovals,
              })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
