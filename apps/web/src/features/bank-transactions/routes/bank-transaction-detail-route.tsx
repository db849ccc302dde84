import { useParams } from 'react-router';
import { BankTransactionDetailScreen } from '../components/detail/bank-transaction-detail-screen';

/** /{slug}/bank-transactions/:id: one bank transaction (a new id is a new screen, its state not carried over). */
export function BankTransactionDetailRoute() {
  const { id = '' } = useParams();
  return <BankTransactionDetailScreen key={id} id={id} />;
}
