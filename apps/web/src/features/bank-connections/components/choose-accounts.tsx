import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankConnection } from '@kontor/domain/banking/bank-connection-api';
import { formatIban } from '@kontor/domain/iban';
import { formatMoney } from '@kontor/domain/money';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { notifyError } from '@/lib/notify';
import { useChooseBankAccounts } from '../api/bank-connections';

/**
 * Step 3: the accounts the consent covers; all those not connected yet are ticked. One connected
 * through another connection is shown but cannot be chosen again.
 */
export function ChooseAccounts({ connection }: { connection: BankConnection }) {
  const { t } = useTranslation('bank-connections');
  const choosable = connection.accounts.filter((account) => !account.isConnectedElsewhere);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(choosable.map((account) => account.providerAccountId)));
  const choose = useChooseBankAccounts(connection.id);

  if (connection.accounts.length === 0) {
    return (
      <Alert tone="warning" data-testid="no-accounts-found">
        <p className="font-medium">{t('accounts.noneTitle')}</p>
        <p>{t('accounts.noneHint', { bank: connection.institutionName })}</p>
      </Alert>
    );
  }

  const toggle = (id: string, isChosen: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (isChosen) next.add(id);
      else next.delete(id);
      return next;
    });
  const submit = () =>
    choose.mutate(
      { providerAccountIds: [...chosen], version: connection.version },
      { onError: (error) => notifyError(error, t('accounts.failed')) },
    );

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('accounts.hint', { bank: connection.institutionName })}</p>
      <ul className="grid gap-2" aria-label={t('accounts.label')}>
        {connection.accounts.map((account) => {
          const id = `bank-account-${account.providerAccountId}`;
          return (
            <li
              key={account.providerAccountId}
              className="flex items-center gap-3 rounded-md border border-border bg-surface px-3 py-2"
              data-testid="offered-account"
            >
              <Checkbox
                id={id}
                checked={chosen.has(account.providerAccountId)}
                disabled={account.isConnectedElsewhere}
                onCheckedChange={(value) => toggle(account.providerAccountId, value === true)}
              />
              <label htmlFor={id} className="grid flex-1 gap-0.5 text-sm">
                <span className="font-medium">{account.name}</span>
                <span className="font-mono text-xs text-muted-foreground">{formatIban(account.iban)}</span>
                {account.isConnectedElsewhere ? (
                  <span className="text-xs text-muted-foreground">{t('accounts.connectedElsewhere')}</span>
                ) : null}
              </label>
              <span className="text-sm tabular-nums">
                {account.balance === null ? '—' : formatMoney(account.balance, account.currency)}
              </span>
            </li>
          );
        })}
      </ul>
      <div className="flex justify-end">
        <Button onClick={submit} disabled={chosen.size === 0} isLoading={choose.isPending}>
          {t('accounts.connect', { count: chosen.size })}
        </Button>
      </div>
    </div>
  );
}
