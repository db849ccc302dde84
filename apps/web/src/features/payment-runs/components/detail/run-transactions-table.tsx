import { formatIban } from '@kontor/domain/iban';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeaderCell, ListTable } from '@/components/list-table';
import { PagedListBody, pagedListTexts } from '@/components/paged-list-body';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { currentLocale } from '@/lib/i18n';
import { formatDate, formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session-context';
import { usePagedItems } from '@/lib/use-paged-items';
import { Wallet } from 'lucide-react';
import { useRunTransactions } from '../../api/payment-run-queries';
import { ANALYSIS_TONE } from '@/lib/payments/analysis-tone';
import { EXPORT_STOPPING_ANALYSIS } from '../../model/export-stopping-analysis';
import { transactionDetailUrl } from '../../model/payment-run-paths';

interface RunTransactionsTableProps {
  runId: string;
  /** Draft or rejected: rows can be selected and removed from the run. */
  canRemove: boolean;
  onRemove: (transactionIds: string[]) => Promise<boolean>;
  isRemoving: boolean;
}

/** The run's payments in pages, each with its analysis state; the creditor opens the transaction. */
export function RunTransactionsTable({ runId, canRemove, onRemove, isRemoving }: RunTransactionsTableProps) {
  const { t } = useTranslation('payment-runs');
  const { t: tList } = useTranslation('payment-runs', { keyPrefix: 'transactions' });
  const session = useSession();
  const locale = currentLocale();
  const list = useRunTransactions(runId);
  const items = usePagedItems(list.data);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Rows that left the run (removed here or elsewhere) drop out of the selection.
  const selectedIds = items.filter((item) => selected.has(item.id)).map((item) => item.id);
  const allSelected = items.length > 0 && selectedIds.length === items.length;

  const toggle = (id: string, isChecked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (isChecked) next.add(id);
      else next.delete(id);
      return next;
    });
  const remove = async () => {
    if (await onRemove(selectedIds)) setSelected(new Set());
  };
  const totals = list.data?.pages[0]?.totals;

  return (
    <section aria-labelledby="run-transactions-title" className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="run-transactions-title" className="text-base font-semibold text-foreground">
          {t('transactions.title')}
          {totals ? (
            <span className="ml-2 text-sm font-normal text-muted-foreground">
              {t('transactions.totals', { count: totals.count, amount: formatMoney(totals.amount) })}
            </span>
          ) : null}
        </h2>
        {canRemove ? (
          <Button
            variant="outline"
            size="sm"
            disabled={selectedIds.length === 0}
            isLoading={isRemoving}
            onClick={() => void remove()}
            data-testid="remove-from-run"
          >
            {t('transactions.remove', { count: selectedIds.length })}
          </Button>
        ) : null}
      </div>
      <PagedListBody
        list={list}
        itemCount={items.length}
        skeletonColumns={6}
        empty={
          <EmptyState
            icon={Wallet}
            headingLevel={3}
            title={t('transactions.empty.title')}
            description={t('transactions.empty.description')}
          />
        }
        texts={pagedListTexts(tList, items.length)}
      >
        <ListTable
          aria-labelledby="run-transactions-title"
          head={
            <>
              {canRemove ? (
                <HeaderCell className="w-10">
                  <Checkbox
                    aria-label={t('transactions.selectAll')}
                    checked={allSelected}
                    onCheckedChange={(value) => setSelected(value === true ? new Set(items.map((item) => item.id)) : new Set())}
                  />
                </HeaderCell>
              ) : null}
              <HeaderCell>{t('transactions.creditor')}</HeaderCell>
              <HeaderCell>{t('transactions.remittance')}</HeaderCell>
              <HeaderCell>{t('transactions.executionDate')}</HeaderCell>
              <HeaderCell>{t('transactions.analysis')}</HeaderCell>
              <HeaderCell className="text-right">{t('transactions.amount')}</HeaderCell>
            </>
          }
        >
          {items.map((item) => {
            const stops = EXPORT_STOPPING_ANALYSIS.has(item.analysisStatus);
            return (
              <tr
                key={item.id}
                data-testid="run-transaction-row"
                className={stops ? 'border-t border-border bg-danger-background/40' : 'border-t border-border'}
              >
                {canRemove ? (
                  <td className="px-3 py-2">
                    <Checkbox
                      aria-label={t('transactions.select', { name: item.creditorName })}
                      checked={selected.has(item.id)}
                      onCheckedChange={(value) => toggle(item.id, value === true)}
                    />
                  </td>
                ) : null}
                <td className="max-w-64 px-3 py-2">
                  <Link
                    to={transactionDetailUrl(session.organization.slug, item.id)}
                    className="block truncate font-medium text-foreground hover:underline"
                  >
                    {item.creditorName}
                  </Link>
                  <span className="block font-mono text-xs text-muted-foreground">{formatIban(item.creditorIban)}</span>
                </td>
                <td className="max-w-56 px-3 py-2">
                  <span className="block truncate">{item.remittanceInformation ?? '—'}</span>
                  <span className="block truncate font-mono text-xs text-muted-foreground">{item.endToEndId}</span>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{formatDate(item.requestedExecutionDate, locale)}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <Badge tone={ANALYSIS_TONE[item.analysisStatus]} data-testid="run-transaction-analysis">
                    {t(`analysis.${item.analysisStatus}`)}
                    {item.flagCount > 0 ? ` · ${t('analysis.flags', { count: item.flagCount })}` : ''}
                  </Badge>
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatMoney(item.amount, item.currency)}</td>
              </tr>
            );
          })}
        </ListTable>
      </PagedListBody>
    </section>
  );
}
