import { lazy, Suspense, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { TableSkeleton } from '@/components/table-skeleton';

// One small route module for every counterparty path keeps the shell's route table short;
// each screen is its own chunk, loaded when first shown.
const CounterpartyListScreen = lazy(() =>
  import('../components/list/counterparty-list-screen').then((module) => ({ default: module.CounterpartyListScreen })),
);
const CounterpartyDetailScreen = lazy(() =>
  import('../components/detail/counterparty-detail-screen').then((module) => ({
    default: module.CounterpartyDetailScreen,
  })),
);
const CounterpartyCreateScreen = lazy(() =>
  import('../components/form/counterparty-form-screens').then((module) => ({ default: module.CounterpartyCreateScreen })),
);
const CounterpartyEditScreen = lazy(() =>
  import('../components/form/counterparty-form-screens').then((module) => ({ default: module.CounterpartyEditScreen })),
);

function Screen({ children }: { children: ReactNode }) {
  return <Suspense fallback={<TableSkeleton columns={6} />}>{children}</Suspense>;
}

/** /{slug}/counterparties/{id?} (SPEC §2): the list without an id, the detail with one. */
export function CounterpartiesRoute() {
  const { id } = useParams();
  return <Screen>{id ? <CounterpartyDetailScreen key={id} id={id} /> : <CounterpartyListScreen />}</Screen>;
}

/** /{slug}/counterparties/new */
export function CounterpartyCreateRoute() {
  return (
    <Screen>
      <CounterpartyCreateScreen />
    </Screen>
  );
}

/** /{slug}/counterparties/{id}/edit */
export function CounterpartyEditRoute() {
  const { id = '' } = useParams();
  return (
    <Screen>
      <CounterpartyEditScreen key={id} id={id} />
    </Screen>
  );
}
