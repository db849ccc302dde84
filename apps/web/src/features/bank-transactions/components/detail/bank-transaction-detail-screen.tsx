import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { BankTransactionDetail } from '@kontor/domain/banking/bank-transaction-api';
import { formatIban } from '@kontor/domain/iban';
import { BackLink, RecordQueryView } from '@/components/record-states';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { useSession } from '@/lib/session-context';
import { bankTransactionsUrl, type BankTransactionLinkState } from '../../api/bank-transaction-keys';
import { useBankTransaction } from '../../api/get-bank-transaction';
import { givenEndToEndId } from '../../model/references';
import { BatchMarker, MatchingBadge, SignedAmount } from '../bank-transaction-badges';
import { DetailCard, FactList } from './fact-list';
import { BookedPaymentCard } from './linked-records';
import { MatchingSection } from './matching-section';
import { StatementCard } from './statement-card';

const mono = (value: string | null) => (value ? <span className="font-mono">{value}</span> : null);

function TransactionDetail({ transaction, slug }: { transaction: BankTransactionDetail; slug: string }) {
  const { t } = useTranslation('bank-transactions');
  const locale = currentLocale();
  const isIncoming = transaction.direction === 'incoming';
  return (
    <div className="grid gap-6">
      <header className="grid gap-2" data-testid="bank-transaction-header">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-foreground">{t(`detail.title.${transaction.direction}`)}</h1>
          <MatchingBadge status={transaction.matchingStatus} />
          {transaction.isBatch ? <BatchMarker /> : null}
        </div>
        <SignedAmount
          amount={transaction.amount}
          currency={transaction.currency}
          direction={transaction.direction}
          className="text-3xl font-semibold"
        />
        <p className="text-sm text-muted-foreground">
          {t('detail.booked', { date: formatDate(transaction.bookingDate, locale) })}
          {transaction.counterpartyName ? <> · {transaction.counterpartyName}</> : null}
        </p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <DetailCard title={isIncoming ? t('detail.payer') : t('detail.payee')} testId="transaction-counterparty">
          <FactList
            facts={[
              { term: t('detail.name'), value: transaction.counterpartyName, isWide: true },
              {
                term: t('detail.iban'),
                value: transaction.counterpartyIban ? mono(formatIban(transaction.counterpartyIban)) : null,
                testId: 'counterparty-iban',
                isWide: true,
              },
              { term: t('detail.bic'), value: mono(transaction.counterpartyBic) },
            ]}
          />
        </DetailCard>
        <DetailCard title={t('detail.account')} testId="transaction-account">
          <FactList
            facts={[
              { term: t('detail.account'), value: transaction.accountName, isWide: true },
              { term: t('detail.iban'), value: mono(formatIban(transaction.accountIban)), isWide: true },
              { term: t('detail.source'), value: t(`source.${transaction.source}`) },
              { term: t('detail.importedAt'), value: formatDateTime(transaction.createdAt, locale) },
            ]}
          />
        </DetailCard>
        <DetailCard title={t('detail.payment')} testId="transaction-payment" className="lg:col-span-2">
          <FactList
            facts={[
              { term: t('detail.bookingDate'), value: formatDate(transaction.bookingDate, locale) },
              {
                term: t('detail.valueDate'),
                value: transaction.valueDate ? formatDate(transaction.valueDate, locale) : null,
              },
              {
                term: t('detail.remittance'),
                value: transaction.remittanceInformation,
                testId: 'transaction-remittance',
                isWide: true,
              },
              { term: t('detail.endToEndId'), value: mono(givenEndToEndId(transaction.endToEndId)) },
              { term: t('detail.creditorReference'), value: mono(transaction.creditorReference) },
              { term: t('detail.bankReference'), value: mono(transaction.bankReference) },
              { term: t('detail.bankTransactionCode'), value: mono(transaction.bankTransactionCode) },
            ]}
          />
        </DetailCard>
        {transaction.batch ? (
          <DetailCard title={t('detail.batch.title')} testId="transaction-batch">
            <p className="text-sm text-muted-foreground">{t('detail.batch.description')}</p>
            <FactList
              facts={[
                {
                  term: t('detail.batch.entryAmount'),
                  value: formatMoney(transaction.batch.entryAmount, transaction.currency),
                },
                { term: t('detail.batch.transactionCount'), value: String(transaction.batch.transactionCount) },
              ]}
            />
          </DetailCard>
        ) : null}
        <StatementCard statement={transaction.statement} slug={slug} />
        {transaction.bookedPayment ? <BookedPaymentCard payment={transaction.bookedPayment} slug={slug} /> : null}
        <MatchingSection transaction={transaction} slug={slug} />
      </div>
    </div>
  );
}

/** /{slug}/bank-transactions/:id: one bank transaction, its statement, its booked payment and its matching. */
export function BankTransactionDetailScreen({ id }: { id: string }) {
  const { t } = useTranslation('bank-transactions');
  const session = useSession();
  const slug = session.organization.slug;
  // Opened from the list: back to the list as it was filtered; opened from a link: the plain list.
  const state = useLocation().state as Partial<BankTransactionLinkState> | null;
  const listUrl = bankTransactionsUrl(slug, typeof state?.listSearch === 'string' ? state.listSearch : '');
  const query = useBankTransaction(id);
  return (
    <div className="grid gap-4">
      <BackLink to={listUrl} label={t('detail.back')} />
      <RecordQueryView
        query={query}
        loadingLabel={t('detail.loading')}
        loadFailedTitle={t('detail.loadFailed')}
        notFound={{ title: t('detail.notFound.title'), description: t('detail.notFound.description'), headingLevel: 1 }}
        back={{ to: listUrl, label: t('detail.back') }}
      >
        {(transaction) => <TransactionDetail transaction={transaction} slug={slug} />}
      </RecordQueryView>
    </div>
  );
}
