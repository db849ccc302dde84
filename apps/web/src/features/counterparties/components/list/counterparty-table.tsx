import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CounterpartyListItem } from '@kontor/domain/counterparties/counterparty-record';
import { HeaderCell, ListTable, MissingValue, OpenableRow, SHRINKING_CELL, type RecordTableProps } from '@/components/list-table';
import { cn } from '@/lib/cn';
import { currentLocale } from '@/lib/i18n';
import { countryName } from '@/lib/country-options';
import { SelectCell, type RowSelection } from '../merge/select-cell';
import { TrustBadge } from '../trust-badge';
import { VerificationStateBadge } from './verification-state-badge';

/** One row per counterparty; the name is a link, and the whole row opens the detail too. */
export function CounterpartyTable({
  items,
  detailPath,
  onOpen,
  selection,
}: RecordTableProps<CounterpartyListItem> & {
  /** Row checkboxes (for merging) when given. */
  selection?: RowSelection;
}) {
  const { t } = useTranslation('counterparties');
  const locale = currentLocale();
  return (
    <ListTable
      aria-label={t('list.table.label')}
      stickyHeader
      head={
        <>
          {selection ? (
            <HeaderCell className="w-10">
              <span className="sr-only">{selection.columnLabel}</span>
            </HeaderCell>
          ) : null}
          <HeaderCell className="w-[30%]" leastWidth="min-w-40">
            {t('list.table.name')}
          </HeaderCell>
          <HeaderCell>{t('list.table.vatNumber')}</HeaderCell>
          <HeaderCell className="w-[20%]" leastWidth="min-w-24">
            {t('list.table.location')}
          </HeaderCell>
          <HeaderCell>{t('list.table.accountNumbers')}</HeaderCell>
          <HeaderCell>{t('list.table.status')}</HeaderCell>
          <HeaderCell className="text-right">{t('list.table.bankAccounts')}</HeaderCell>
          <HeaderCell className="text-right">{t('list.table.openInvoices')}</HeaderCell>
        </>
      }
    >
      {items.map((item) => {
        const location = [item.city, item.country ? countryName(item.country, locale) : null].filter(Boolean).join(', ');
        return (
          <OpenableRow key={item.id} testId="counterparty-row" onOpen={() => onOpen(item.id)}>
            {selection ? <SelectCell selection={selection} item={item} /> : null}
            <td className={cn(SHRINKING_CELL, 'px-3 py-2 font-medium text-foreground')} title={item.name}>
              <Link to={detailPath(item.id)} onClick={(event) => event.stopPropagation()} className="hover:underline">
                {item.name}
              </Link>
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{item.vatNumber ?? <MissingValue />}</td>
            <td className={cn(SHRINKING_CELL, 'px-3 py-2')} title={location || undefined}>
              {location || <MissingValue />}
            </td>
            <td className="px-3 py-2 whitespace-nowrap tabular-nums">
              {item.accountsPayableNumber ?? <MissingValue />} / {item.accountsReceivableNumber ?? <MissingValue />}
            </td>
            <td className="px-3 py-2">
              <div className="flex flex-wrap gap-1">
                {item.isTrusted ? <TrustBadge /> : null}
                <VerificationStateBadge state={item.verificationState} />
              </div>
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{item.bankAccountCount}</td>
            <td className="px-3 py-2 text-right tabular-nums">{item.openInvoiceCount}</td>
          </OpenableRow>
        );
      })}
    </ListTable>
  );
}
