import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { formatPercentInput } from '@/lib/decimal-input';
import { liveTotals, type ReceivableFormValues } from '../../model/receivable-form';

/**
 * Net, tax per rate and total of what is typed, live, computed by the domain's receivableTotals:
 * the figures the server will store (tax rounded once per rate, EN 16931 BR-CO-17).
 */
export function TotalsPanel() {
  const { t } = useTranslation('receivables');
  const { control } = useFormContext<ReceivableFormValues>();
  const [lines, currency] = useWatch({ control, name: ['lineItems', 'currency'] });
  const { totals, skipped } = liveTotals(lines ?? []);
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <section
      aria-labelledby="receivable-totals-title"
      className="grid gap-3 rounded-lg border border-border bg-surface p-4"
      data-testid="receivable-totals"
    >
      <h2 id="receivable-totals-title" className="text-base font-semibold text-foreground">
        {t('totals.title')}
      </h2>
      <dl className="grid gap-1 text-sm sm:ml-auto sm:w-96">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{t('totals.net')}</dt>
          <dd className="tabular-nums" data-testid="net-amount">
            {money(totals.netAmount)}
          </dd>
        </div>
        {totals.taxBreakdown.map((entry) => (
          <div key={entry.rate} className="flex justify-between gap-4" data-testid="tax-line">
            <dt className="text-muted-foreground">
              {t('totals.tax', { rate: formatPercentInput(entry.rate), basis: money(entry.basis) })}
            </dt>
            <dd className="tabular-nums">{money(entry.tax)}</dd>
          </div>
        ))}
        <div className="mt-1 flex justify-between gap-4 border-t border-border pt-2 text-base font-semibold">
          <dt>{t('totals.total')}</dt>
          <dd className="tabular-nums" data-testid="total-amount">
            {money(totals.totalAmount)}
          </dd>
        </div>
      </dl>
      {skipped > 0 ? (
        <p className="text-xs text-muted-foreground sm:ml-auto sm:w-96" role="status">
          {t('totals.incomplete', { count: skipped })}
        </p>
      ) : null}
    </section>
  );
}
