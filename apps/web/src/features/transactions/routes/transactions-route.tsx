import { lazy, Suspense, type ReactNode } from 'react';
import { TableSkeleton } from '@/components/table-skeleton';
import type { TransactionListScreenProps } from '../components/transaction-list-screen';

// Each screen is its own chunk, loaded when first shown. The entry guard (SPEC §2) already
// sent users without payment_runs:manage away before these render.
const TransactionListScreen = lazy(() =>
  import('../components/transaction-list-screen').then((module) => ({ default: module.TransactionListScreen })),
);
const TransactionDashboardScreen = lazy(() =>
  import('../components/dashboard/transaction-dashboard-screen').then((module) => ({
    default: module.TransactionDashboardScreen,
  })),
);

function Screen({ children }: { children: ReactNode }) {
  return <Suspense fallback={<TableSkeleton columns={8} />}>{children}</Suspense>;
}

/**
 * /{slug}/transactions?view=&id= : the list, with one payment's detail over it when `id` is set.
 * The selection's and the detail's run actions come from the app layer (app/routes/transactions-route.tsx).
 */
export function TransactionsRoute({ renderSelectionActions, renderDetailActions }: TransactionListScreenProps) {
  return (
    <Screen>
      <TransactionListScreen renderSelectionActions={renderSelectionActions} renderDetailActions={renderDetailActions} />
    </Screen>
  );
}

/** /{slug}/transaction-dashboard?range= */
export function TransactionDashboardRoute() {
  return (
    <Screen>
      <TransactionDashboardScreen />
    </Screen>
  );
}
