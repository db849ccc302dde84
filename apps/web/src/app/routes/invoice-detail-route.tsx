import { InvoiceBankPaymentsPanel } from '@/features/bank-transactions/components/invoice-payments/invoice-bank-payments-panel';
import { InvoiceDetailRoute as InvoiceDetailScreen } from '@/features/invoices/detail/routes/invoice-detail-route';
import { AddToRunButton } from '@/features/payment-runs/components/add-to-run/add-to-run-button';

/**
 * /{slug}/invoices/{tab}/{id}: the invoice, whose payable payment goes into a payment run in one
 * step, with the bank lines that paid it (three features joined here).
 */
export function InvoiceDetailRoute() {
  return (
    <InvoiceDetailScreen
      renderPaymentAction={(payment, onChanged) => <AddToRunButton payment={payment} onAdded={onChanged} />}
      renderBankPayments={(invoice) => <InvoiceBankPaymentsPanel invoice={invoice} />}
    />
  );
}
