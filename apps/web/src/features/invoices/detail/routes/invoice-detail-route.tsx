import { useLocation, useParams } from 'react-router';
import { InvoiceDetail, type InvoiceDetailProps } from '../components/invoice-detail';

/**
 * /{slug}/invoices/{tab}/{id}: the invoice, with "back" to the tab's list and its filters. The
 * payment's action and the bank payments come from the app layer (app/routes/invoice-detail-route.tsx).
 */
export function InvoiceDetailRoute({
  renderPaymentAction,
  renderBankPayments,
}: Pick<InvoiceDetailProps, 'renderPaymentAction' | 'renderBankPayments'>) {
  const { slug = '', tab = 'new', id = '' } = useParams();
  const { search } = useLocation();
  return (
    <InvoiceDetail
      id={id}
      slug={slug}
      listPath={`/${slug}/invoices/${tab}${search}`}
      invoicePath={(otherId) => `/${slug}/invoices/${tab}/${otherId}`}
      renderPaymentAction={renderPaymentAction}
      renderBankPayments={renderBankPayments}
    />
  );
}
