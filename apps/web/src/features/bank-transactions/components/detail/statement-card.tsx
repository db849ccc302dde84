import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BankStatementView } from '@kontor/domain/banking/bank-transaction-api';
import { MissingValue } from '@/components/list-table';
import { currentLocale } from '@/lib/i18n';
import { bankTransactionsUrl } from '../../api/bank-transaction-keys';
import { formatBalance, formatSignedAmount } from '../../model/amounts';
import { CLEARED_FILTERS, statementFilters, writeBankTransactionFilters } from '../../model/list-filters';
import { StatementCheckBadge } from '../statement-check-badge';
import { statementLabel, statementPeriodText } from '../statement-texts';
import { DetailCard, FactList } from './fact-list';

function Balance({ balance, currency }: { balance: BankStatementView['openingBalance']; currency: string }) {
  return balance ? <span className="tabular-nums">{formatBalance(balance.amount, currency)}</span> : <MissingValue />;
}

/** The statement the transaction was read from: its period and balances, flagged when they do not add up. */
export function StatementCard({ statement, slug }: { statement: BankStatementView | null; slug: string }) {
  const { t } = useTranslation('bank-transactions');
  const locale = currentLocale();
  if (!statement) {
    return (
      <DetailCard title={t('detail.statement.title')} testId="transaction-statement">
        <p className="text-sm text-muted-foreground">{t('detail.statement.none')}</p>
      </DetailCard>
    );
  }
  const listSearch = writeBankTransactionFilters({ tab: 'transactions', ...CLEARED_FILTERS, ...statementFilters(statement) });
  return (
    <DetailCard title={t('detail.statement.title')} testId="transaction-statement">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{statementLabel(t, statement)}</span>
        <StatementCheckBadge statement={statement} />
      </div>
      <FactList
        facts={[
          { term: t('detail.statement.period'), value: statementPeriodText(t, statement, locale) },
          { term: t('detail.statement.entries'), value: String(statement.entryCount) },
          {
            term: t('detail.statement.opening'),
            value: <Balance balance={statement.openingBalance} currency={statement.currency} />,
            testId: 'statement-opening',
          },
          {
            term: t('detail.statement.closing'),
            value: <Balance balance={statement.closingBalance} currency={statement.currency} />,
            testId: 'statement-closing',
          },
          {
            term: t('detail.statement.credits'),
            value: formatSignedAmount(statement.creditTotal, statement.currency, 'incoming'),
          },
          {
            term: t('detail.statement.debits'),
            value: formatSignedAmount(statement.debitTotal, statement.currency, 'outgoing'),
          },
          { term: t('detail.statement.file'), value: statement.fileName, isWide: true },
        ]}
      />
      <Link
        to={bankTransactionsUrl(slug, `?${listSearch.toString()}`)}
        className="text-sm font-medium text-primary hover:underline"
      >
        {t('detail.statement.showAll')}
      </Link>
    </DetailCard>
  );
}
