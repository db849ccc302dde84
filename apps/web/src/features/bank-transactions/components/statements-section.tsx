import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BankStatementView } from '@kontor/domain/banking/bank-transaction-api';
import { formatIban } from '@kontor/domain/iban';
import { HeaderCell, ListTable, MissingValue, SHRINKING_CELL } from '@/components/list-table';
import { PagedListBody, pagedListTexts } from '@/components/paged-list-body';
import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { usePagedItems } from '@/lib/use-paged-items';
import { useBankStatements } from '../api/list-bank-statements';
import { formatBalance, formatSignedAmount } from '../model/amounts';
import { StatementCheckBadge } from './statement-check-badge';
import { statementLabel, statementPeriodDays } from './statement-texts';
import { StatementUploadButton } from './statement-upload-button';

function Balance({ balance, currency }: { balance: BankStatementView['openingBalance']; currency: string }) {
  return balance ? <>{formatBalance(balance.amount, currency)}</> : <MissingValue />;
}

/**
 * The camt.053 statements (of the chosen account, or all), each with its period, opening and
 * closing balance, credits, debits, entries and whether they add up. Choosing one shows its
 * transactions in the list.
 */
export function StatementsSection({
  accountId,
  onShowTransactions,
}: {
  accountId: string;
  onShowTransactions: (statement: BankStatementView) => void;
}) {
  const { t } = useTranslation('bank-transactions');
  const { t: tList } = useTranslation('bank-transactions', { keyPrefix: 'statements' });
  const locale = currentLocale();
  const list = useBankStatements(accountId);
  const items = usePagedItems(list.data);
  return (
    <PagedListBody
      list={list}
      itemCount={items.length}
      skeletonColumns={8}
      empty={
        <EmptyState
          icon={FileText}
          title={t('statements.empty.title')}
          description={t('statements.empty.description')}
          action={<StatementUploadButton />}
        />
      }
      texts={pagedListTexts(tList, items.length)}
    >
      <ListTable
        aria-label={t('statements.label')}
        head={
          <>
            <HeaderCell className="w-[34%]" leastWidth="min-w-24">
              {t('statements.statement')}
            </HeaderCell>
            <HeaderCell>{t('statements.period')}</HeaderCell>
            <HeaderCell className="text-right">{t('statements.balances')}</HeaderCell>
            <HeaderCell className="text-right">{t('statements.movements')}</HeaderCell>
            <HeaderCell>{t('statements.check')}</HeaderCell>
          </>
        }
      >
        {items.map((statement) => {
          const name = statementLabel(t, statement);
          const period = statementPeriodDays(t, statement, locale);
          return (
            <tr key={statement.id} className="border-t border-border align-top" data-testid="bank-statement-row">
              <td
                className={cn(SHRINKING_CELL, 'px-3 py-2')}
                title={`${statement.accountName} · ${formatIban(statement.accountIban)}`}
              >
                <button
                  type="button"
                  className="block max-w-full truncate text-left font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                  onClick={() => onShowTransactions(statement)}
                  aria-label={t('statements.showTransactions', { name })}
                >
                  {name}
                </button>
                <span className="block truncate text-xs text-muted-foreground">{statement.accountName}</span>
                <span className="block truncate text-xs text-muted-foreground">
                  {t('statements.entryCount', { count: statement.entryCount })}
                </span>
                <span className="block truncate text-xs text-muted-foreground">
                  {t('statements.imported', { at: formatDateTime(statement.importedAt, locale) })}
                </span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                <span className="block">{period.from}</span>
                <span className="block text-muted-foreground">
                  <span aria-hidden="true">– </span>
                  <span className="sr-only">{t('statements.until')} </span>
                  {period.to}
                </span>
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums" data-testid="statement-balances">
                <span className="block" data-testid="statement-opening">
                  <span className="sr-only">{t('statements.opening')}: </span>
                  <Balance balance={statement.openingBalance} currency={statement.currency} />
                </span>
                <span className="block font-medium" data-testid="statement-closing">
                  <span aria-hidden="true">→ </span>
                  <span className="sr-only">{t('statements.closing')}: </span>
                  <Balance balance={statement.closingBalance} currency={statement.currency} />
                </span>
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                <span className="block text-success">
                  <span className="sr-only">{t('statements.credits')}: </span>
                  {formatSignedAmount(statement.creditTotal, statement.currency, 'incoming')}
                </span>
                <span className="block">
                  <span className="sr-only">{t('statements.debits')}: </span>
                  {formatSignedAmount(statement.debitTotal, statement.currency, 'outgoing')}
                </span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                <StatementCheckBadge statement={statement} />
              </td>
            </tr>
          );
        })}
      </ListTable>
    </PagedListBody>
  );
}
