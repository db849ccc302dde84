import { useTranslation } from 'react-i18next';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { openAmountOf } from '../../model/receivable-display';

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium text-foreground tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The saved invoice at a glance: customer, total, what was paid and what is still open. */
export function ReceivableSummary({ record }: { record: ArInvoice }) {
  const { t } = useTranslation('receivables');
  const locale = currentLocale();
  const money = (minor: number) => formatMoney(minor, record.currency);
  const isOwed = record.status !== 'draft' && record.status !== 'canceled';
  return (
    <section aria-label={t('detail.summary')} className="rounded-lg border border-border bg-surface p-4">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Fact label={t('fields.counterpartyId')}>
          <span className="block truncate">{record.counterpartyName}</span>
          {record.counterpartyArNumber ? (
            <span className="block text-xs font-normal text-muted-foreground">
              {t('customer.arNumber', { number: record.counterpartyArNumber })}
            </span>
          ) : null}
        </Fact>
        <Fact label={t('fields.totalAmount')} testId="summary-total">
          {money(record.totalAmount)}
        </Fact>
        <Fact label={t('fields.paidAmount')} testId="summary-paid">
          {money(record.paidAmount)}
          {record.paidOn ? (
            <span className="block text-xs font-normal text-muted-foreground">
              {t('detail.lastPayment', { date: formatDate(record.paidOn, locale) })}
            </span>
          ) : null}
        </Fact>
        <Fact label={t('detail.open')} testId="summary-open">
          {isOwed ? money(openAmountOf(record)) : '—'}
        </Fact>
      </dl>
    </section>
  );
}
