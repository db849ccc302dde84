import { FileCheck2, FileOutput } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountingExportDialog } from '@/components/exports/accounting-export-dialog';
import { HeaderCell, ListTable } from '@/components/list-table';
import { PagedListBody, pagedListTexts } from '@/components/paged-list-body';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { useSession } from '@/lib/session-context';
import { usePagedItems } from '@/lib/use-paged-items';
import { useReadyInvoices } from '../api/ready-invoices';

type Target = { kind: 'ready' } | { kind: 'invoices'; invoiceIds: string[] };

/** The export screen's invoices tab: approved invoices, ready to export, all or a selection. */
export function InvoicesExportTab() {
  const { t } = useTranslation('exports');
  const { t: tList } = useTranslation('exports', { keyPrefix: 'list' });
  const { organization } = useSession();
  const locale = currentLocale();
  const list = useReadyInvoices();
  const items = usePagedItems(list.data);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [target, setTarget] = useState<Target | null>(null);
  const readyCount = list.data?.pages[0]?.counts?.approved ?? items.length;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));

  return (
    <section aria-labelledby="export-invoices-title" className="grid gap-3" data-testid="export-invoices">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="export-invoices-title" className="mr-auto text-base font-semibold text-foreground">
          {t('invoicesTab.title')}
        </h2>
        {selected.size > 0 ? (
          <Button variant="outline" onClick={() => setTarget({ kind: 'invoices', invoiceIds: [...selected] })}>
            <FileOutput aria-hidden="true" />
            {t('invoicesTab.exportSelected', { count: selected.size })}
          </Button>
        ) : null}
        <Button disabled={items.length === 0} onClick={() => setTarget({ kind: 'ready' })}>
          <FileOutput aria-hidden="true" />
          {t('invoicesTab.exportAll')}
        </Button>
      </div>
      <PagedListBody
        list={list}
        itemCount={items.length}
        skeletonColumns={6}
        empty={
          <EmptyState
            icon={FileCheck2}
            headingLevel={3}
            title={t('invoicesTab.emptyTitle')}
            description={t('invoicesTab.emptyDescription')}
          />
        }
        texts={pagedListTexts(tList, items.length)}
      >
        <ListTable
          aria-labelledby="export-invoices-title"
          head={
            <>
              <HeaderCell className="w-10">
                <Checkbox
                  aria-label={t('invoicesTab.selectAll')}
                  checked={allSelected}
                  onCheckedChange={(checked) => setSelected(checked === true ? new Set(items.map((item) => item.id)) : new Set())}
                />
              </HeaderCell>
              <HeaderCell>{t('invoicesTab.number')}</HeaderCell>
              <HeaderCell>{t('invoicesTab.counterparty')}</HeaderCell>
              <HeaderCell>{t('invoicesTab.date')}</HeaderCell>
              <HeaderCell className="text-right">{t('invoicesTab.total')}</HeaderCell>
            </>
          }
        >
          {items.map((invoice) => (
            <tr key={invoice.id} className="border-t border-border" data-testid="export-invoice-row">
              <td className="px-3 py-2">
                <Checkbox
                  aria-label={t('invoicesTab.select', { number: invoice.invoiceNumber ?? invoice.counterpartyName ?? '' })}
                  checked={selected.has(invoice.id)}
                  onCheckedChange={() => toggle(invoice.id)}
                />
              </td>
              <td className="px-3 py-2">
                <Link
                  to={`/${organization.slug}/invoices/approved/${invoice.id}`}
                  className="font-medium text-foreground hover:underline"
                >
                  {invoice.invoiceNumber ?? t('dialog.withoutNumber')}
                </Link>
              </td>
              <td className="px-3 py-2">{invoice.counterpartyName ?? '—'}</td>
              <td className="px-3 py-2 whitespace-nowrap">{invoice.date ? formatDate(invoice.date, locale) : '—'}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                {invoice.totalAmount === null ? '—' : formatMoney(invoice.totalAmount, invoice.currency ?? 'EUR')}
              </td>
            </tr>
          ))}
        </ListTable>
      </PagedListBody>
      {target ? (
        <AccountingExportDialog
          open
          onOpenChange={(open) => (open ? undefined : setTarget(null))}
          selection={target}
          subject={
            target.kind === 'ready'
              ? t('invoicesTab.allSubject', { count: readyCount })
              : t('invoicesTab.subject', { count: target.invoiceIds.length })
          }
          onStarted={() => setSelected(new Set())}
        />
      ) : null}
    </section>
  );
}
