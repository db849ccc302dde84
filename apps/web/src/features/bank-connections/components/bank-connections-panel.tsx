import { Landmark, Link2, RefreshCw, Unlink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { BankConnection } from '@kontor/domain/banking/bank-connection-api';
import { formatIban } from '@kontor/domain/iban';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { TableSkeleton } from '@/components/table-skeleton';
import { formatDate, formatDateTime } from '@/lib/format';
import { currentLocale, i18n } from '@/lib/i18n';
import { syncErrorText } from '../model/sync-error-text';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session-context';
import { useBankConnections, useDisconnectBank, useRenewBankConnection } from '../api/bank-connections';
import { goToBank } from './choose-bank';

const STATUS_TONE = {
  pending_consent: 'neutral',
  consent_denied: 'danger',
  awaiting_accounts: 'warning',
  active: 'success',
  expired: 'danger',
  disconnected: 'neutral',
} as const;

/**
 * Settings › Bank accounts, above the accounts: the connected banks, each with its access's end
 * (warned 30, 14 and 3 days ahead, SPEC §4/§9), its accounts' last sync, renew and disconnect.
 */
export function BankConnectionsPanel() {
  const { t } = useTranslation(['bank-connections', 'errors']);
  const { organization } = useSession();
  const connections = useBankConnections();
  // The server's callback sends the browser here with `?error=` when the bank's answer was refused.
  const callbackError = useSearchParams()[0].get('error');
  const shown = (connections.data?.items ?? []).filter((connection) => connection.status !== 'disconnected');

  let body;
  if (connections.isPending) body = <TableSkeleton columns={3} rows={2} />;
  else if (connections.isError)
    body = (
      <ErrorState
        title={t('panel.loadFailed')}
        error={connections.error}
        onRetry={() => void connections.refetch()}
        isRetrying={connections.isFetching}
      />
    );
  else if (shown.length === 0) body = <p className="text-sm text-muted-foreground">{t('panel.empty')}</p>;
  else
    body = (
      <ul className="grid gap-3">
        {shown.map((connection) => (
          <ConnectionItem key={connection.id} connection={connection} />
        ))}
      </ul>
    );

  return (
    <section className="grid gap-3" aria-labelledby="bank-connections-title" data-testid="bank-connections">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-0.5">
          <h3 id="bank-connections-title" className="text-base font-semibold">
            {t('panel.title')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('panel.description')}</p>
        </div>
        <Button asChild>
          <Link to={`/${organization.slug}/settings/bank-accounts/connect`}>
            <Link2 aria-hidden="true" />
            {t('panel.connect')}
          </Link>
        </Button>
      </div>
      {callbackError ? (
        <Alert tone="danger" data-testid="connect-error">
          <p>{i18n.t(`errors:${callbackError}`, { defaultValue: t('callbackFailed') })}</p>
        </Alert>
      ) : null}
      {body}
    </section>
  );
}

function ConnectionItem({ connection }: { connection: BankConnection }) {
  const { t } = useTranslation(['bank-connections', 'errors']);
  const locale = currentLocale();
  const renew = useRenewBankConnection();
  const disconnect = useDisconnectBank();
  const [isConfirming, setIsConfirming] = useState(false);
  const expiry = connection.accessExpiry;
  const validUntil = connection.accessValidUntil ? formatDate(connection.accessValidUntil, locale) : null;

  return (
    <li className="grid gap-3 rounded-lg border border-border bg-surface p-4" data-testid="bank-connection">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Landmark aria-hidden="true" className="size-4 text-muted-foreground" />
          <span className="font-medium">{connection.institutionName}</span>
          <Badge tone={STATUS_TONE[connection.status]} data-testid="bank-connection-status">
            {t(`status.${connection.status}`)}
          </Badge>
        </div>
        <div className="flex flex-wrap gap-2">
          {connection.status === 'active' || connection.status === 'expired' ? (
            <Button
              size="sm"
              variant={expiry === 'ok' ? 'outline' : 'primary'}
              isLoading={renew.isPending}
              onClick={() =>
                renew.mutate(connection.id, {
                  onSuccess: ({ redirectUrl }) => goToBank(redirectUrl),
                  onError: (error) => notifyError(error, t('panel.renewFailed')),
                })
              }
            >
              <RefreshCw aria-hidden="true" />
              {t('panel.renew')}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => setIsConfirming(true)}>
            <Unlink aria-hidden="true" />
            {t('panel.disconnect')}
          </Button>
        </div>
      </div>
      {expiry !== 'ok' && validUntil ? (
        <Alert tone={expiry === 'expired' ? 'danger' : 'warning'} data-testid="bank-access-warning">
          <p>{t(`expiry.${expiry}`, { bank: connection.institutionName, date: validUntil })}</p>
        </Alert>
      ) : validUntil ? (
        <p className="text-xs text-muted-foreground">{t('panel.validUntil', { date: validUntil })}</p>
      ) : null}
      {connection.accounts.some((account) => account.companyBankAccountId) ? (
        <ul className="grid gap-1 text-sm">
          {connection.accounts
            .filter((account) => account.companyBankAccountId)
            .map((account) => (
              <li key={account.providerAccountId} className="flex flex-wrap justify-between gap-2">
                <span>
                  {account.name} <span className="font-mono text-xs text-muted-foreground">{formatIban(account.iban)}</span>
                </span>
                <span className="text-xs text-muted-foreground">
                  {account.syncStatus === 'failed'
                    ? t('sync.failed', { reason: syncErrorText(account.syncError) })
                    : account.lastSyncAt
                      ? t('sync.lastSync', { at: formatDateTime(account.lastSyncAt, locale) })
                      : t(`sync.status.${account.syncStatus ?? 'pending'}`)}
                </span>
              </li>
            ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('panel.disconnectTitle', { bank: connection.institutionName })}
        description={t('panel.disconnectDescription')}
        confirmLabel={t('panel.disconnect')}
        cancelLabel={t('panel.keep')}
        tone="destructive"
        isPending={disconnect.isPending}
        onConfirm={() =>
          disconnect.mutate(connection.id, {
            onSuccess: () => {
              setIsConfirming(false);
              notifySuccess(t('panel.disconnected', { bank: connection.institutionName }));
            },
            onError: (error) => notifyError(error, t('panel.disconnectFailed')),
          })
        }
      />
    </li>
  );
}
