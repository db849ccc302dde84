import { BankTransactionsScreen } from '../components/bank-transactions-screen';

/** /{slug}/bank-transactions (SPEC §2, needs bank_accounts:manage — the organisation guard checks it by segment). */
export function BankTransactionsRoute() {
  return <BankTransactionsScreen />;
}
