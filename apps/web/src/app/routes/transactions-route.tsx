import { AddToRunButton } from '@/features/payment-runs/components/add-to-run/add-to-run-button';
import { CreatePaymentRunButton } from '@/features/payment-runs/components/create-payment-run-button';
import { TransactionsRoute as TransactionsScreen } from '@/features/transactions/routes/transactions-route';

/**
 * /{slug}/transactions: the transactions list, whose selection creates a payment run and whose
 * payable payment's detail adds it to a run in one step (two features joined here).
 */
export function TransactionsRoute() {
  return (
    <TransactionsScreen
      renderSelectionActions={(transactionIds, clearSelection) => (
        <CreatePaymentRunButton transactionIds={transactionIds} onCreated={clearSelection} />
      )}
      renderDetailActions={(transaction) => <AddToRunButton payment={transaction} />}
    />
  );
}
