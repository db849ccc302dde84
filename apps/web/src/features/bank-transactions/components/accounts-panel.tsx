import { useQueryClient } from '@tanstack/react-query';
import { Landmark, LoaderCircle, RefreshCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BankTransactionAccount } from '@kontor/domain/banking/bank-transaction-api';
import { formatIban } from '@kontor/domain/iban';
import { TableSkeleton } from '@/components/table-skeleton';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { ApiError } from '@/lib/api-error';
import { formatDate, formatDateTime } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { isAdmin, useSession } from '@/lib/session-context';
import { bankTransactionKeys, isBankDataQuery } from '../api/bank-transaction-keys';
import type { useBankTransactionAccounts } from '../api/list-bank-transaction-accounts';
import { useSyncBankAccount } from '../api/sync-bank-account';
import { endedSyncs, isSyncing, shownBalance, syncStatuses } from '../model/account-status';
import { formatBalance } from '../model/amounts';
import { StatementUploadButton } from './statement-upload-button';

/** A sync's error code (`bank_sync_failed`, `bank_access_expired` …) as a sentence of the error catalogue. */
const syncErrorText = (code: string | null) =>
  getErrorMessage(new ApiError({ status: 502, code: code ?? 'bank_sync_failed', message: '' }));

function SyncState({ account }: { account: BankTransactionAccount }) {
  const { t } = useTranslation(['bank-transactions', 'errors']);
  const locale = currentLocale();
  if (isSyncing(account)) {
    return (
      <span className="inline-flex items-center gap-1.5 text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
        {t(`accounts.syncStatus.${account.syncStatus ?? 'pending'}`)}
      </span>
    );
  }
  if (account.syncStatus === 'failed') {
    return <span className="text-danger">{t('accounts.syncFailed', { reason: syncErrorText(account.syncError) })}</span>;
  }
  if (!account.lastSyncAt) return <span className="text-muted-foreground">{t('accounts.neverSynced')}</span>;
  return (
    <span className="text-muted-foreground">
      {t('accounts.lastSync', { at: formatDateTime(account.lastSyncAt, locale) })}
      {account.lastSyncAdded !== null ? <> · {t('accounts.lastSyncAdded', { count: account.lastSyncAdded })}</> : null}
    </span>
  );
}

function AccountCard({ account }: { account: BankTransactionAccount }) {
  const { t } = useTranslation('bank-transactions');
  const locale = currentLocale();
  const sync = useSyncBankAccount();
  const balance = shownBalance(account);
  const syncing = isSyncing(account);
  return (
    <li
      className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-lg border border-border bg-surface px-4 py-3"
      data-testid="bank-account-card"
      data-sync-status={account.syncStatus ?? 'none'}
    >
      <div className="grid min-w-52 flex-[2] gap-0.5">
        <h3 className="flex min-w-0 items-center gap-2 font-medium text-foreground">
          <Landmark aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="truncate" title={account.name}>
            {account.name}
          </span>
        </h3>
        <span className="font-mono text-xs whitespace-nowrap text-muted-foreground" data-testid="account-iban">
          {formatIban(account.iban)}
        </span>
      </div>
      <div className="grid min-w-36 gap-0.5" data-testid="account-balance">
        {balance ? (
          <>
            <span className="text-xs text-muted-foreground">
              {balance.source === 'bank' ? t('accounts.balanceFromBank') : t('accounts.balanceFromStatement')}
            </span>
            <span className="font-semibold text-foreground tabular-nums">{formatBalance(balance.amount, balance.currency)}</span>
          </>
        ) : (
          <span className="text-sm text-muted-foreground">{t('accounts.noBalance')}</span>
        )}
        <span className="text-xs text-muted-foreground">
          {balance?.date ? <>{t('accounts.balanceDate', { date: formatDate(balance.date, locale) })} · </> : null}
          {t('accounts.transactionCount', { count: account.transactionCount })}
        </span>
      </div>
      <div className="grid min-w-40 flex-1 justify-items-start gap-1 text-xs">
        <Badge tone={account.connected ? 'success' : 'neutral'}>
          {account.connected ? t('accounts.connected') : t('accounts.notConnected')}
        </Badge>
        {account.connected ? (
          <p aria-live="polite" data-testid="account-sync-state">
            <SyncState account={account} />
          </p>
        ) : null}
      </div>
      <div className="ml-auto flex flex-wrap gap-2">
        {account.connected ? (
          <Button
            size="sm"
            variant="secondary"
            isLoading={syncing || sync.isPending}
            onClick={() => sync.mutate(account.id, { onError: (error) => notifyError(error, t('accounts.syncStartFailed')) })}
            data-testid="sync-now"
          >
            {syncing || sync.isPending ? null : <RefreshCw aria-hidden="true" />}
            {t('accounts.syncNow')}
            <span className="sr-only"> {t('accounts.forAccount', { name: account.name })}</span>
          </Button>
        ) : null}
        <StatementUploadButton account={account} size="sm" />
      </div>
    </li>
  );
}

/**
 * Tells the reader when a sync they watched ends, and refreshes the list, totals and statements
 * then (the accounts are polled while a sync runs; see useBankTransactionAccounts).
 */
function useSyncEndings(accounts: readonly BankTransactionAccount[] | undefined) {
  const { t } = useTranslation(['bank-transactions', 'errors']);
  const queryClient = useQueryClient();
  const before = useRef<ReturnType<typeof syncStatuses> | null>(null);
  useEffect(() => {
    if (!accounts) return;
    const ended = endedSyncs(before.current, accounts);
    before.current = syncStatuses(accounts);
    if (ended.length === 0) return;
    void queryClient.invalidateQueries({
      queryKey: bankTransactionKeys.all(),
      predicate: (query) => isBankDataQuery(query.queryKey) && query.queryKey[1] !== 'accounts',
    });
    for (const account of ended) {
      if (account.syncStatus === 'done')
        notifySuccess(t('accounts.syncDone', { name: account.name, count: account.lastSyncAdded ?? 0 }));
      else
        notifyError(
          new ApiError({ status: 502, code: account.syncError ?? 'bank_sync_failed', message: '' }),
          t('accounts.syncEnded', { name: account.name }),
        );
    }
  }, [accounts, queryClient, t]);
}

/** The company's accounts: where their data comes from, their balance, the last sync, sync now and upload. */
export function AccountsPanel({ accounts }: { accounts: ReturnType<typeof useBankTransactionAccounts> }) {
  const { t } = useTranslation('bank-transactions');
  const session = useSession();
  useSyncEndings(accounts.data?.items);

  let body;
  if (accounts.isPending) {
    body = <TableSkeleton columns={4} rows={2} />;
  } else if (accounts.isError && !accounts.data) {
    body = (
      <ErrorState
        title={t('accounts.loadFailed')}
        error={accounts.error}
        onRetry={() => void accounts.refetch()}
        isRetrying={accounts.isFetching}
        className="py-6"
      />
    );
  } else if (accounts.data.items.length === 0) {
    body = (
      <div className="grid justify-items-start gap-2 rounded-lg border border-dashed border-border bg-surface p-4 text-sm">
        <p className="font-medium text-foreground">{t('accounts.empty.title')}</p>
        <p className="text-muted-foreground">{t('accounts.empty.description')}</p>
        {isAdmin(session) ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`/${session.organization.slug}/settings/bank-accounts`}>{t('accounts.toSettings')}</Link>
          </Button>
        ) : null}
      </div>
    );
  } else {
    body = (
      <ul className="grid gap-2">
        {accounts.data.items.map((account) => (
          <AccountCard key={account.id} account={account} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="bank-accounts-title" className="mb-6 grid gap-3" data-testid="bank-accounts-panel">
      <h2 id="bank-accounts-title" className="text-base font-semibold text-foreground">
        {t('accounts.label')}
      </h2>
      {body}
    </section>
  );
}
