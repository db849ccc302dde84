import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PaymentPartyView, Transaction } from '@kontor/domain/payments/transaction-api';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { dueState, formatIban, localToday } from '../../model/transaction-display';
import { DueLabel } from '../transaction-badges';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5" data-testid={testId}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

function Party({ title, party }: { title: string; party: PaymentPartyView }) {
  const { t } = useTranslation('transactions');
  const address = party.address
    ? [party.address.street, [party.address.zip, party.address.city].filter(Boolean).join(' '), party.address.country]
        .filter(Boolean)
        .join(', ')
    : '';
  return (
    <section className="grid gap-2 rounded-lg border border-border p-3">
      <h3 className="text-sm font-semibold">{title}</h3>
      <dl className="grid gap-2">
        <Fact label={t('detail.name')}>{party.name}</Fact>
        <Fact label={t('detail.iban')}>
          <span className="font-mono">{formatIban(party.iban)}</span>
        </Fact>
        <Fact label={t('detail.bic')}>{party.bic ?? t('detail.none')}</Fact>
        <Fact label={t('detail.address')}>{address || t('detail.none')}</Fact>
      </dl>
    </section>
  );
}

/** Everything SPEC §3 keeps about a payment, read-only. */
export function TransactionFacts({ transaction, slug }: { transaction: Transaction; slug: string }) {
  const { t } = useTranslation('transactions');
  const locale = currentLocale();
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-3">
        <Fact label={t('detail.amount')} testId="transaction-amount">
          <span className="text-base font-semibold tabular-nums">{formatMoney(transaction.amount, transaction.currency)}</span>
          {transaction.skontoApplied ? (
            <span className="block text-xs text-muted-foreground">
              {t('detail.skonto', { amount: formatMoney(transaction.skontoDiscount, transaction.currency) })}
            </span>
          ) : null}
        </Fact>
        <Fact label={t('detail.executionDate')}>
          {formatDate(transaction.requestedExecutionDate, locale)}{' '}
          <DueLabel due={dueState(transaction.status, transaction.requestedExecutionDate, localToday())} />
        </Fact>
        <Fact label={t('detail.endToEndId')}>
          <span className="font-mono text-xs">{transaction.endToEndId}</span>
        </Fact>
        <Fact label={t('detail.origin')}>{t(`origin.${transaction.origin}`)}</Fact>
        <Fact label={t('detail.remittance')}>{transaction.remittanceInformation ?? t('detail.none')}</Fact>
        {transaction.bookingDate ? (
          <Fact label={t('detail.bookingDate')}>{formatDate(transaction.bookingDate, locale)}</Fact>
        ) : null}
        <Fact label={t('detail.invoice')}>
          {transaction.invoiceId ? (
            <Link to={`/${slug}/invoices/approved/${transaction.invoiceId}`} className="text-primary hover:underline">
              {t('detail.invoiceLink', { number: transaction.invoiceNumber ?? '' })}
            </Link>
          ) : (
            t('detail.none')
          )}
        </Fact>
        <Fact label={t('detail.run')}>
          {transaction.paymentRun ? (
            <Link to={`/${slug}/pr/${transaction.paymentRun.id}`} className="text-primary hover:underline">
              PR-{transaction.paymentRun.number}
            </Link>
          ) : (
            t('detail.noRun')
          )}
        </Fact>
        {transaction.exportedAt ? (
          <Fact label={t('detail.exportedAt')}>{formatDateTime(transaction.exportedAt, locale)}</Fact>
        ) : null}
        {transaction.cancelReason ? (
          <Fact label={t('detail.cancelReason')} testId="transaction-cancel-reason">
            {transaction.cancelReason}
          </Fact>
        ) : null}
        {transaction.archiveReason ? <Fact label={t('detail.archiveReason')}>{transaction.archiveReason}</Fact> : null}
      </dl>
      <div className="grid gap-3 sm:grid-cols-2">
        <Party title={t('detail.debitor')} party={transaction.debitor} />
        <Party title={t('detail.creditor')} party={transaction.creditor} />
      </div>
    </div>
  );
}
