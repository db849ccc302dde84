import { CheckCircle2, CircleAlert, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isSyncInProgress, syncProgress, type BankConnection } from '@kontor/domain/banking/bank-connection-api';
import { formatIban } from '@kontor/domain/iban';
import { Progress } from '@/components/ui/progress';
import { formatDateTime } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { syncErrorText } from '../model/sync-error-text';

/** Step 4: the first sync of each chosen account, live (the connection is polled while it runs). */
export function SyncProgress({ connection }: { connection: BankConnection }) {
  const { t } = useTranslation(['bank-connections', 'errors']);
  const { done, total } = syncProgress(connection);
  const isRunning = isSyncInProgress(connection);
  const connected = connection.accounts.filter((account) => account.companyBankAccountId !== null);
  return (
    <div className="grid gap-4" data-testid="sync-progress">
      <p className="text-sm font-medium" aria-live="polite">
        {isRunning ? t('sync.running', { done, total }) : t('sync.finished', { count: total })}
      </p>
      <Progress value={done} max={total} label={t('sync.label')} kind="completion" />
      <ul className="grid gap-2">
        {connected.map((account) => (
          <li
            key={account.providerAccountId}
            className="flex items-start gap-3 rounded-md border border-border px-3 py-2 text-sm"
            data-testid="synced-account"
            data-sync-status={account.syncStatus ?? 'pending'}
          >
            {account.syncStatus === 'done' ? (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 text-success" />
            ) : account.syncStatus === 'failed' ? (
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 text-danger" />
            ) : (
              <LoaderCircle aria-hidden="true" className="mt-0.5 size-4 animate-spin text-muted-foreground" />
            )}
            <span className="grid flex-1 gap-0.5">
              <span className="font-medium">{account.name}</span>
              <span className="font-mono text-xs text-muted-foreground">{formatIban(account.iban)}</span>
              {account.syncStatus === 'failed' ? (
                <span className="text-xs text-danger">{t('sync.failed', { reason: syncErrorText(account.syncError) })}</span>
              ) : null}
            </span>
            <span className="text-xs text-muted-foreground">
              {account.lastSyncAt
                ? t('sync.lastSync', { at: formatDateTime(account.lastSyncAt, currentLocale()) })
                : t(`sync.status.${account.syncStatus ?? 'pending'}`)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
