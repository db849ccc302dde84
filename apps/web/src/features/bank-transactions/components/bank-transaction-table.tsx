import { useTranslation } from 'react-i18next';
import type { BankTransactionView } from '@kontor/domain/banking/bank-transaction-api';
import { formatIban } from '@kontor/domain/iban';
import { HeaderCell, ListTable, MissingValue, OpenableRow, SHRINKING_CELL } from '@/components/list-table';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { maskIban } from '@/lib/iban-display';
import { BatchMarker, MatchingBadge, SignedAmount } from './bank-transaction-badges';

/**
 * One row per bank transaction, newest booking first; a click (or Enter) opens its detail. The
 * counterparty's IBAN sits under its name (masked) and the account under the remittance text, and
 * those two columns shrink with an ellipsis (full text in the title): with columns of their own
 * the texts were cut to a few letters in a 1024 px window beside the navigation.
 */
export function BankTransactionTable({
  items,
  onOpen,
  showAccount,
}: {
  items: BankTransactionView[];
  onOpen: (id: string) => void;
  /** The account under the remittance text; left out when the list shows one account only. */
  showAccount: boolean;
}) {
  const { t } = useTranslation('bank-transactions');
  const locale = currentLocale();
  return (
    <ListTable
      aria-label={t('list.label')}
      stickyHeader
      head={
        <>
          <HeaderCell>{t('list.bookingDate')}</HeaderCell>
          <HeaderCell className="w-[34%]" leastWidth="min-w-28">
            {t('list.counterparty')}
          </HeaderCell>
          <HeaderCell className="w-[38%]" leastWidth="min-w-28">
            {showAccount ? t('list.remittanceAndAccount') : t('list.remittance')}
          </HeaderCell>
          <HeaderCell className="text-right">{t('list.amount')}</HeaderCell>
          <HeaderCell>{t('list.matching')}</HeaderCell>
        </>
      }
    >
      {items.map((item) => (
        <OpenableRow key={item.id} testId="bank-transaction-row" onOpen={() => onOpen(item.id)}>
          <td className="px-3 py-2 align-top whitespace-nowrap">
            <span className="block">{formatDate(item.bookingDate, locale)}</span>
            {item.isBatch ? <BatchMarker /> : null}
          </td>
          <td className={cn(SHRINKING_CELL, 'px-3 py-2 align-top')} title={item.counterpartyName ?? undefined}>
            {item.counterpartyName ? (
              <span className="block truncate font-medium text-foreground">{item.counterpartyName}</span>
            ) : (
              <span className="block truncate text-muted-foreground">{t('list.noCounterparty')}</span>
            )}
            {item.counterpartyIban ? (
              <span className="block font-mono text-xs text-muted-foreground" title={formatIban(item.counterpartyIban)}>
                <span className="sr-only">{t('list.iban')} </span>
                {maskIban(item.counterpartyIban)}
              </span>
            ) : null}
          </td>
          <td className={cn(SHRINKING_CELL, 'px-3 py-2 align-top')}>
            <span className="block truncate" title={item.remittanceInformation ?? undefined}>
              {item.remittanceInformation ?? <MissingValue />}
            </span>
            {showAccount ? (
              <span
                className="block truncate text-xs text-muted-foreground"
                title={`${item.accountName} · ${formatIban(item.accountIban)}`}
              >
                <span className="sr-only">{t('detail.account')}: </span>
                {item.accountName}
              </span>
            ) : null}
          </td>
          <td className="px-3 py-2 text-right align-top">
            <SignedAmount amount={item.amount} currency={item.currency} direction={item.direction} />
          </td>
          <td className="px-3 py-2 align-top whitespace-nowrap">
            <MatchingBadge status={item.matchingStatus} />
          </td>
        </OpenableRow>
      ))}
    </ListTable>
  );
}
