import { Mail, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Counterparty } from '@kontor/domain/counterparties/counterparty-record';
import { isEmailVerificationInFlight } from '@kontor/domain/counterparties/email-verification-api';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useEmailVerifications, useStartEmailVerification } from '../../api/email-verifications';
import { badgeKeyOf, latestRunForAccount, type AccountRef } from '../../model/email-verification-view';
import { VerificationStatusBadge } from './verification-status-badge';

interface Props {
  counterparty: Pick<Counterparty, 'id' | 'email'>;
  account: AccountRef;
  canManage: boolean;
}

/** One bank account's verification by e-mail: its state, and start, resend or verify again. */
export function BankAccountEmailVerification({ counterparty, account, canManage }: Props) {
  const { t } = useTranslation('counterparty-verification');
  const runs = useEmailVerifications(counterparty.id);
  const start = useStartEmailVerification(counterparty.id);
  const locale = currentLocale();

  if (runs.isPending) return <Spinner size="sm" label={t('detail.label')} />;
  if (runs.isError && !runs.data) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-danger" role="alert">
        {t('detail.loadFailed')}
        <Button size="sm" variant="link" onClick={() => void runs.refetch()} isLoading={runs.isFetching}>
          {t('detail.retry')}
        </Button>
      </p>
    );
  }

  const run = latestRunForAccount(runs.data.items, account);
  const inFlight = run !== null && isEmailVerificationInFlight(run.status);
  const hasEmail = Boolean(counterparty.email);
  const noEmailHintId = `no-email-hint-${account.id}`;

  const onStart = () =>
    start.mutate(account.id, {
      onSuccess: (answer) => notifySuccess(t(inFlight ? 'detail.resent' : 'detail.sent', { email: answer.email })),
      onError: (error) => notifyError(error, t('detail.startFailed')),
    });

  const detail =
    run?.status === 'completed' && run.completedAt
      ? t('detail.completedOn', { date: formatDate(run.completedAt, locale) })
      : inFlight
        ? `${t('detail.sentOn', { date: formatDate(run.createdAt, locale), email: run.email })} · ${t('detail.expiresOn', { date: formatDate(run.tokenExpiresAt, locale) })}`
        : null;

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="bank-account-email-verification">
      <span className="text-xs text-muted-foreground">{t('detail.label')}:</span>
      <VerificationStatusBadge badgeKey={badgeKeyOf(run)} />
      {detail ? <span className="text-xs text-muted-foreground">{detail}</span> : null}
      {canManage ? (
        <span className="ml-auto inline-flex items-center gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={onStart}
            isLoading={start.isPending}
            disabled={!hasEmail}
            aria-describedby={hasEmail ? undefined : noEmailHintId}
          >
            {inFlight ? <RefreshCw aria-hidden="true" /> : <Mail aria-hidden="true" />}
            {inFlight ? t('detail.resend') : run ? t('detail.verifyAgain') : t('detail.verifyByEmail')}
          </Button>
        </span>
      ) : null}
      {canManage && !hasEmail ? (
        <p id={noEmailHintId} className="basis-full text-xs text-muted-foreground">
          {t('detail.noEmailHint')}
        </p>
      ) : null}
    </div>
  );
}
