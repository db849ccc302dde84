import { ReceivablesScreen } from '../components/list/receivables-screen';

/** /{slug}/accounts-receivable (SPEC §1/§2, needs ar_invoices:manage — the organisation guard checks it by segment). */
export function ReceivablesRoute() {
  return <ReceivablesScreen />;
}
