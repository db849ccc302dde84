import { useLocation, useParams } from 'react-router';
import { InvoiceDetail } from '../components/invoice-detail';

/** /{slug}/invoices/{tab}/{id}: the invoice, with "back" to the tab's list and its filters. */
export function InvoiceDetailRoute() {
  const { slug = '', tab = 'new', id = '' } = useParams();
  const { search } = useLocation();
  return (
    <InvoiceDetail
      id={id}
      slug={slug}
      listPath={`/${slug}/invoices/${tab}${search}`}
      invoicePath={(otherId) => `/${slug}/invoices/${tab}/${otherId}`}
    />
  );
}
