import { BankConnectionsPanel } from '@/features/bank-connections/components/bank-connections-panel';
import { BankAccountsRoute } from '@/features/master-data/routes/bank-accounts-route';

/** Settings › Bank accounts: the connected banks above the company's accounts (two features, joined here). */
export function BankAccountsSettingsRoute() {
  return (
    <div className="grid gap-8">
      <BankConnectionsPanel />
      <BankAccountsRoute />
    </div>
  );
}
