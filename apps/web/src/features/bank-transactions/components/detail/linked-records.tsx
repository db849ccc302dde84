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
