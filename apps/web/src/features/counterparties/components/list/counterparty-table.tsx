import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CounterpartyListItem } from '@kontor/domain/counterparties/counterparty-record';
import { currentLocale } from '@/lib/i18n';
import { countryName } from '../../model/country-options';
import { SelectCell, type RowSelection } from '../merge/select-cell';
import { TrustBadge } from '../trust-badge';
import { VerificationStateBadge } from './verification-state-badge';

function Missing() {
  return <span className="text-muted-foreground">—</span>;
}

/** One row per counterparty; the name is a link, and the whole row opens the detail too. */
export function CounterpartyTable({
  items,
  detailPath,
  onOpen,
  selection,
}: {
  items: CounterpartyListItem[];
  detailPath: (id: string) => string;
  onOpen: (id: string) => void;
  /** Row checkboxes (for merging) when given. */
  selection?: RowSelection;
}) {
  const { t } = useTranslation('counterparties');
  const locale = currentLocale();
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, id: string) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(id);
  };
  const header = (label: string, className = '') => (
    <th scope="col" className={`px-3 py-2 font-medium ${className}`}>
      {label}
    </th>
  );
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full text-sm" aria-label={t('list.table.label')}>
        <thead className="sticky top-0 bg-muted/60 text-left text-xs text-muted-foreground">
          <tr>
            {selection ? header(selection.columnLabel, 'w-10') : null}
            {header(t('list.table.name'))}
            {header(t('list.table.vatNumber'))}
            {header(t('list.table.location'))}
            {header(t('list.table.apNumber'))}
            {header(t('list.table.arNumber'))}
            {header(t('list.table.trust'))}
            {header(t('list.table.verification'))}
            {header(t('list.table.bankAccounts'), 'text-right')}
            {header(t('list.table.openInvoices'), 'text-right')}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const location = [item.city, item.country ? countryName(item.country, locale) : null].filter(Boolean).join(', ');
            return (
              <tr
                key={item.id}
                data-testid="counterparty-row"
                tabIndex={0}
                onClick={() => onOpen(item.id)}
                onKeyDown={(event) => onRowKey(event, item.id)}
                className="cursor-pointer border-t border-border hover:bg-muted/50 focus-visible:bg-muted/50"
              >
                {selection ? <SelectCell selection={selection} item={item} /> : null}
                <td className="max-w-64 truncate px-3 py-2 font-medium text-foreground">
                  <Link to={detailPath(item.id)} onClick={(event) => event.stopPropagation()} className="hover:underline">
                    {item.name}
                  </Link>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{item.vatNumber ?? <Missing />}</td>
                <td className="max-w-48 truncate px-3 py-2">{location || <Missing />}</td>
                <td className="px-3 py-2 tabular-nums">{item.accountsPayableNumber ?? <Missing />}</td>
                <td className="px-3 py-2 tabular-nums">{item.accountsReceivableNumber ?? <Missing />}</td>
                <td className="px-3 py-2">{item.isTrusted ? <TrustBadge /> : <Missing />}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <VerificationStateBadge state={item.verificationState} />
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{item.bankAccountCount}</td>
                <td className="px-3 py-2 text-right tabular-nums">{item.openInvoiceCount}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
