import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { LoadingState } from '@/components/ui/loading-state';

// The list and the detail are separate chunks behind one route module (/{slug}/pr/:id?).
const PaymentRunListScreen = lazy(() =>
  import('../components/list/payment-run-list-screen').then((module) => ({ default: module.PaymentRunListScreen })),
);
const PaymentRunDetailScreen = lazy(() =>
  import('../components/detail/payment-run-detail-screen').then((module) => ({ default: module.PaymentRunDetailScreen })),
);

/** /{slug}/pr/{id?} (SPEC §2, needs payment_runs:manage — the organisation guard checks it by segment). */
export function PaymentRunsRoute() {
  const { id } = useParams();
  return (
    <Suspense fallback={<LoadingState />}>{id ? <PaymentRunDetailScreen key={id} id={id} /> : <PaymentRunListScreen />}</Suspense>
  );
}
