import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { useSession } from '@/lib/session-context';
import { useBankConnections } from '../api/bank-connections';

/**
 * Above every screen, for admins: a bank connection whose access ends within 14 days or has
 * ended (SPEC §4/§9). Renewing before it lapses keeps the sync going; the 30-day notice is on the
 * bank accounts page and in the e-mail only, so the banner does not cry wolf for a month.
 */
export function BankAccessBanner() {
  const { t } = useTranslation('bank-connections', { useSuspense: false });
  const { organization } = useSession();
  const connections = useBankConnections();
  const urgent = (connections.data?.items ?? []).filter(
    (connection) =>
      (connection.status === 'active' || connection.status === 'expired') &&
      (connection.accessExpiry === 'expiring_14' ||
        connection.accessExpiry === 'expiring_3' ||
        connection.accessExpiry === 'expired'),
  );
  const first = urgent[0];
  if (!first?.accessValidUntil) return null;
  const isExpired = first.accessExpiry === 'expired';
  return (
    <Alert tone={isExpired ? 'danger' : 'warning'} className="mb-6" data-testid="bank-access-banner">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          {t(isExpired ? 'banner.expired' : 'banner.expiring', {
            bank: first.institutionName,
            date: formatDate(first.accessValidUntil, currentLocale()),
            count: urgent.length,
          })}
        </p>
        <Link to={`/${organization.slug}/settings/bank-accounts`} className="font-medium underline underline-offset-2">
          {t('banner.renew')}
        </Link>
      </div>
    </Alert>
  );
}
