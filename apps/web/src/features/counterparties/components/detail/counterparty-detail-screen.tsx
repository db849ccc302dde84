import { useTranslation } from 'react-i18next';
import type { Counterparty } from '@kontor/domain/counterparties/counterparty-record';
import { BackLink, RecordLoadError } from '@/components/record-states';
import { LoadingState } from '@/components/ui/loading-state';
import { PageHeader } from '@/components/ui/page-header';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { useSession } from '@/lib/session-context';
import { useCounterpartyRecord } from '../../api/get-counterparty';
import { canManageCounterparties, canManageTrust } from '../../model/counterparty-permissions';
import { TrustBadge } from '../trust-badge';
import { CounterpartyActions } from './counterparty-actions';
import { CounterpartyBankAccounts, CounterpartyData } from './counterparty-data';
import { CounterpartyHistory } from './counterparty-history';
import { CounterpartyInvoices } from './counterparty-invoices';
import { BankAccountEmailVerification } from '../email-verification/bank-account-email-verification';
import { BankAccountExecutiveVerification } from '../executive-verification/bank-account-executive-verification';
import { EmailVerificationMismatchAlert } from '../email-verification/email-verification-mismatch-alert';

function TrustLine({ counterparty }: { counterparty: Counterparty }) {
  const { t } = useTranslation('counterparties');
  if (!counterparty.isTrusted) return <span className="text-sm text-muted-foreground">{t('trust.notTrusted')}</span>;
  const date = counterparty.trustedAt ? formatDate(counterparty.trustedAt, currentLocale()) : null;
  const text = date
    ? counterparty.trustedBy
      ? t('trust.since', { date, name: counterparty.trustedBy.name })
      : t('trust.sinceWithoutName', { date })
    : undefined;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <TrustBadge />
      {text ? (
        <span className="text-sm text-muted-foreground" data-testid="trusted-since">
          {text}
        </span>
      ) : null}
    </span>
  );
}

/** /{slug}/counterparties/{id}: data, bank accounts, invoices and history, with edit, trust and delete. */
export function CounterpartyDetailScreen({ id }: { id: string }) {
  const { t } = useTranslation('counterparties');
  const session = useSession();
  const slug = session.organization.slug;
  const basePath = `/${slug}/counterparties`;
  const query = useCounterpartyRecord(id);

  const backLink = <BackLink to={basePath} label={t('actions.back')} className="mb-2" />;

  if (query.isPending) return <LoadingState label={t('detail.loading')} />;
  if (query.isError && !query.data) {
    return (
      <div className="grid gap-2">
        {backLink}
        <RecordLoadError
          error={query.error}
          notFound={{ title: t('detail.notFoundTitle'), description: t('detail.notFoundDescription'), headingLevel: 1 }}
          back={{ to: basePath, label: t('actions.back') }}
          loadFailedTitle={t('detail.loadFailed')}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      </div>
    );
  }

  const counterparty = query.data;
  const numbers = [counterparty.accountsPayableNumber, counterparty.accountsReceivableNumber].some(Boolean)
    ? t('detail.numbers', {
        ap: counterparty.accountsPayableNumber ?? t('detail.none'),
        ar: counterparty.accountsReceivableNumber ?? t('detail.none'),
      })
    : null;

  return (
    <div className="grid gap-2">
      {backLink}
      <PageHeader
        title={counterparty.name}
        description={
          <span className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <TrustLine counterparty={counterparty} />
            {numbers ? <span>{numbers}</span> : null}
          </span>
        }
        actions={
          <CounterpartyActions
            counterparty={counterparty}
            basePath={basePath}
            canManage={canManageCounterparties(session)}
            canTrust={canManageTrust(session)}
          />
        }
      />
      <EmailVerificationMismatchAlert counterparty={counterparty} />
      <div className="grid gap-4 lg:grid-cols-2">
        <CounterpartyData counterparty={counterparty} />
        <div className="grid content-start gap-4">
          <CounterpartyBankAccounts
            counterparty={counterparty}
            renderAccountExtra={(account) => (
              <div className="grid gap-2">
                <BankAccountEmailVerification
                  counterparty={counterparty}
                  account={account}
                  canManage={canManageCounterparties(session)}
                />
                <BankAccountExecutiveVerification
                  counterpartyId={counterparty.id}
                  account={account}
                  canManage={canManageCounterparties(session)}
                />
              </div>
            )}
          />
          <CounterpartyInvoices
            counterpartyId={counterparty.id}
            name={counterparty.name}
            slug={slug}
            counts={{ invoiceCount: counterparty.invoiceCount, openInvoiceCount: counterparty.openInvoiceCount }}
          />
        </div>
      </div>
      <CounterpartyHistory counterpartyId={counterparty.id} />
    </div>
  );
}
