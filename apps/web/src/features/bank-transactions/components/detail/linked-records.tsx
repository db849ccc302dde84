import { FileSearch } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BankTransactionDetail } from '@kontor/domain/banking/bank-transaction-api';
import { formatMoney } from '@/lib/format';
import { DetailCard } from './fact-list';

/** The exported payment this outgoing line booked (issue 61 item 6), opened on the transactions screen. */
export function BookedPaymentCard({
  payment,
  slug,
}: {
  payment: NonNullable<BankTransactionDetail['bookedPayment']>;
  slug: string;
}) {
  const { t } = useTranslation('bank-transactions');
  return (
    <DetailCard title={t('detail.bookedPayment.title')} testId="booked-payment">
      <p className="text-sm">
        {t('detail.bookedPayment.description', {
          name: payment.creditorName,
          amount: formatMoney(payment.amount, payment.currency),
          endToEndId: payment.endToEndId,
        })}
      </p>
      <Link
        to={`/${slug}/transactions?${new URLSearchParams({ view: 'all', id: payment.id }).toString()}`}
        className="text-sm font-medium text-primary hover:underline"
      >
        {t('detail.bookedPayment.open')}
      </Link>
    </DetailCard>
  );
}

/** The invoices matching paid with this transaction; matching itself comes with issue 62. */
export function MatchedInvoicesCard({ transaction, slug }: { transaction: BankTransactionDetail; slug: string }) {
  const { t } = useTranslation('bank-transactions');
  const invoices = transaction.matchedInvoices;
  return (
    <DetailCard title={t('detail.matched.title')} testId="matched-invoices">
      {invoices.length === 0 ? (
        <div className="flex items-start gap-3 text-sm">
          <FileSearch aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <div className="grid gap-0.5">
            <p className="font-medium text-foreground">{t('detail.matched.empty')}</p>
            <p className="text-muted-foreground">{t('detail.matched.emptyHint')}</p>
          </div>
        </div>
      ) : (
        <>
          {transaction.matchingStatus === 'partially_matched' ? (
            <p className="text-sm text-muted-foreground">
              {t('detail.matched.matchedAmount', {
                matched: formatMoney(transaction.matchedAmount, transaction.currency),
                amount: formatMoney(transaction.amount, transaction.currency),
              })}
            </p>
          ) : null}
          <ul className="grid gap-2 text-sm">
            {invoices.map((invoice) => (
              <li key={invoice.invoiceId} className="flex flex-wrap items-baseline justify-between gap-2">
                <Link to={`/${slug}/invoices/approved/${invoice.invoiceId}`} className="font-medium text-primary hover:underline">
                  {invoice.invoiceNumber
                    ? t('detail.matched.invoice', { number: invoice.invoiceNumber })
                    : t('detail.matched.invoiceWithoutNumber')}
                </Link>
                <span className="tabular-nums">{formatMoney(invoice.amount, transaction.currency)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </DetailCard>
  );
}
