import { CreatePaymentRunButton } from '@/features/payment-runs/components/create-payment-run-button';
import { TransactionsRoute as TransactionsScreen } from '@/features/transactions/routes/transactions-route';

/** /{slug}/transactions: the transactions list, whose selection creates a payment run (two features joined here). */
export function TransactionsRoute() {
  return (
    <TransactionsScreen
      renderSelectionActions={(transactionIds, clearSelection) => (
        <CreatePaymentRunButton transactionIds={transactionIds} onCreated={clearSelection} />
      )}
    />
  );
}
