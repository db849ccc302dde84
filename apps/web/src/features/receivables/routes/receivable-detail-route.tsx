import { useParams } from 'react-router';
import { ReceivableCreateScreen, ReceivableDetailScreen } from '../components/detail/receivable-screens';

/** /{slug}/accounts-receivable/new */
export function ReceivableCreateRoute() {
  return <ReceivableCreateScreen />;
}

/** /{slug}/accounts-receivable/:id (a new id is a new screen, its state not carried over). */
export function ReceivableDetailRoute() {
  const { id = '' } = useParams();
  return <ReceivableDetailScreen key={id} id={id} />;
}
