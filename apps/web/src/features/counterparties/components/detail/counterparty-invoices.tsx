import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InvoiceTab } from '@kontor/domain/screens';
import { ErrorState } from '@/components/ui/error-state';
import { TableSkeleton } from '@/components/table-skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { useCounterpartyInvoices } from '../../api/list-counterparty-invoices';
import { DetailSection } from './detail-section';

/** The overview tabs that show an organisation's invoices ("my approvals" is per person, not per counterparty). */
const TABS = ['new', 'all-approvals', 'rejected', 'approved'] as const satisfies readonly InvoiceTab[];
type CounterpartyInvoiceTab = (typeof TABS)[number];

/** The latest invoices per status; the whole list is the invoice overview filtered by this counterparty. */
export function CounterpartyInvoices({
  counterpartyId,
  name,
  slug,
  counts,
}: {
  counterpartyId: string;
  name: string;
  slug: string;
  counts: { invoiceCount: number; openInvoiceCount: number };
}) {
  const { t } = useTranslation('counterparties');
  const [tab, setTab] = useState<CounterpartyInvoiceTab>('new');
  const invoices = useCounterpartyInvoices(counterpartyId, tab);
  const locale = currentLocale();
  const overviewPath = `/${slug}/invoices/${tab}?counterpartyId=${encodeURIComponent(counterpartyId)}`;

  let body;
  if (invoices.isPending) body = <TableSkeleton columns={5} rows={4} />;
  else if (invoices.isError)
    body = <ErrorState title={t('invoices.loadFailed')} error={invoices.error} onRetry={() => void invoices.refetch()} />;
  else if (invoices.data.items.length === 0) body = <p className="text-sm text-muted-foreground">{t('invoices.empty')}</p>;
  else
    body = (
      <div className="overflow-x-auto">
        <table className="w-full text-sm" aria-label={t('invoices.tableLabel', { name })}>
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-2 py-1 font-medium">
                {t('invoices.number')}
              </th>
              <th scope="col" className="px-2 py-1 font-medium">
                {t('invoices.date')}
              </th>
              <th scope="col" className="px-2 py-1 font-medium">
                {t('invoices.dueDate')}
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                {t('invoices.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.data.items.map((invoice) => (
              <tr key={invoice.id} className="border-t border-border">
                <td className="px-2 py-1.5">
                  <Link to={`/${slug}/invoices/${tab}/${invoice.id}`} className="text-primary hover:underline">
                    {invoice.invoiceNumber ?? t('invoices.noNumber')}
                  </Link>
                </td>
                <td className="px-2 py-1.5 tabular-nums">{invoice.date ? formatDate(invoice.date, locale) : '—'}</td>
                <td className="px-2 py-1.5 tabular-nums">{invoice.dueDate ? formatDate(invoice.dueDate, locale) : '—'}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">
                  {invoice.totalAmount === null ? '—' : formatMoney(invoice.totalAmount, invoice.currency ?? 'EUR')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <DetailSection
      id="counterparty-invoices"
      title={t('detail.sections.invoices')}
      action={
        <span className="text-sm text-muted-foreground">
          {t('detail.invoiceCounts', { count: counts.invoiceCount, open: counts.openInvoiceCount })}
        </span>
      }
    >
      <Tabs value={tab} onValueChange={(next) => setTab(next as CounterpartyInvoiceTab)}>
        <TabsList aria-label={t('invoices.tabsLabel')}>
          {TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(`invoices.tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* The list is the active tab's panel, so the tab's aria-controls names an element that exists. */}
        <TabsContent value={tab} className="pt-3">
          {body}
        </TabsContent>
      </Tabs>
      <Link to={overviewPath} className="text-sm text-primary hover:underline">
        {t('invoices.showAll')}
      </Link>
    </DetailSection>
  );
}
