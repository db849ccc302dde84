import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { isSyncInProgress, type BankConnection } from '@kontor/domain/banking/bank-connection-api';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/lib/session-context';
import { useBankConnection } from '../api/bank-connections';
import { ChooseAccounts } from '../components/choose-accounts';
import { ChooseBank } from '../components/choose-bank';
import { ConnectSteps, type ConnectStep } from '../components/connect-steps';
import { SyncProgress } from '../components/sync-progress';

/**
 * /{slug}/settings/bank-accounts/connect[/:id]: connecting a bank (SPEC §2): country and bank,
 * consent at the bank (a full page of its own), the accounts, the first sync. The bank sends the
 * browser back through the server's callback to this page with the connection's id, or with
 * `?error=<code>` when the consent could not be taken.
 */
export function ConnectBankRoute() {
  const { t } = useTranslation(['bank-connections', 'errors']);
  const { id } = useParams();
  const [params] = useSearchParams();
  const { organization } = useSession();
  const error = params.get('error');
  const back = `/${organization.slug}/settings/bank-accounts`;

  return (
    <div className="grid max-w-3xl gap-6">
      <Link to={back} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('back')}
      </Link>
      <h2 className="text-lg font-semibold">{t('title')}</h2>
      {error ? (
        <Alert tone="danger" data-testid="connect-error">
          <p>{i18n.t(`errors:${error}`, { defaultValue: t('callbackFailed') })}</p>
        </Alert>
      ) : null}
      {id ? (
        <ConnectionSteps id={id} back={back} />
      ) : (
        <>
          <ConnectSteps current="bank" />
          <ChooseBank defaultCountry="DE" />
        </>
      )}
    </div>
  );
}

function stepOf(connection: BankConnection): ConnectStep {
  if (connection.status === 'pending_consent' || connection.status === 'consent_denied') return 'consent';
  if (connection.status === 'awaiting_accounts') return 'accounts';
  return 'sync';
}

function ConnectionSteps({ id, back }: { id: string; back: string }) {
  const { t } = useTranslation(['bank-connections', 'errors']);
  const connection = useBankConnection(id);
  if (connection.isPending) return <LoadingState label={t('loading')} />;
  if (connection.isError)
    return (
      <ErrorState
        title={t('loadFailed')}
        error={connection.error}
        onRetry={() => void connection.refetch()}
        isRetrying={connection.isFetching}
      />
    );
  const current = connection.data;
  let body;
  switch (current.status) {
    case 'pending_consent':
      body = (
        <Alert tone="info">
          <p>{t('consent.pending', { bank: current.institutionName })}</p>
        </Alert>
      );
      break;
    case 'consent_denied':
      body = (
        <Alert tone="danger" data-testid="consent-denied">
          <p className="font-medium">{t('consent.denied', { bank: current.institutionName })}</p>
          <p>{t('consent.deniedHint')}</p>
        </Alert>
      );
      break;
    case 'awaiting_accounts':
      body = <ChooseAccounts connection={current} />;
      break;
    case 'expired':
    case 'disconnected':
      body = (
        <Alert tone="info">
          <p>{t(`consent.${current.status}`, { bank: current.institutionName })}</p>
        </Alert>
      );
      break;
    default:
      body = <SyncProgress connection={current} />;
  }
  const isFinished = current.status === 'active' && !isSyncInProgress(current);
  const canRetry = current.status === 'consent_denied' || current.status === 'pending_consent';
  return (
    <>
      <ConnectSteps current={isFinished ? 'done' : stepOf(current)} />
      <p className="text-sm text-muted-foreground">{t('bank', { bank: current.institutionName })}</p>
      {body}
      {isFinished || canRetry ? (
        <div className="flex gap-2">
          {canRetry ? (
            <Button variant="outline" asChild>
              <Link to={`${back}/connect`}>{t('tryAgain')}</Link>
            </Button>
          ) : null}
          <Button asChild>
            <Link to={back}>{t('done')}</Link>
          </Button>
        </div>
      ) : null}
    </>
  );
}
