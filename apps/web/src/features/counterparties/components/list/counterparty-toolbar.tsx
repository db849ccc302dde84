import { useTranslation } from 'react-i18next';
import {
  COUNTERPARTY_VERIFICATION_STATES,
  type CounterpartyVerificationState,
} from '@kontor/domain/counterparties/counterparty-record';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { hasActiveFilters, MAX_SEARCH_LENGTH, type CounterpartyListFilters, type TriState } from '../../model/list-filters';

const ANY = 'any';

interface TriStateSelectProps {
  id: string;
  label: string;
  value: TriState;
  onChange: (value: TriState) => void;
  options: { true: string; false: string; any: string };
}

function TriStateSelect({ id, label, value, onChange, options }: TriStateSelectProps) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Select value={value || ANY} onValueChange={(next) => onChange(next === ANY ? '' : (next as TriState))}>
        <SelectTrigger id={id} className="w-52">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{options.any}</SelectItem>
          <SelectItem value="true">{options.true}</SelectItem>
          <SelectItem value="false">{options.false}</SelectItem>
        </SelectContent>
      </Select>
    </div>
  );
}

/** Search (name, VAT number, numbers: the server decides) and the trust, open-invoice and verification filters. */
export function CounterpartyToolbar({
  filters,
  onChange,
}: {
  filters: CounterpartyListFilters;
  onChange: (change: Partial<CounterpartyListFilters>) => void;
}) {
  const { t } = useTranslation('counterparties');
  return (
    <div className="mb-3 flex flex-wrap items-end gap-3" role="search">
      <SearchField
        label={t('list.searchLabel')}
        placeholder={t('list.searchPlaceholder')}
        maxLength={MAX_SEARCH_LENGTH}
        value={filters.search}
        onCommit={(search) => onChange({ search })}
      />
      <TriStateSelect
        id="counterparty-filter-trusted"
        label={t('list.filters.trusted')}
        value={filters.trusted}
        onChange={(trusted) => onChange({ trusted })}
        options={{ any: t('list.filters.any'), true: t('list.filters.trustedYes'), false: t('list.filters.trustedNo') }}
      />
      <TriStateSelect
        id="counterparty-filter-open-invoices"
        label={t('list.filters.hasOpenInvoices')}
        value={filters.hasOpenInvoices}
        onChange={(hasOpenInvoices) => onChange({ hasOpenInvoices })}
        options={{ any: t('list.filters.any'), true: t('list.filters.openYes'), false: t('list.filters.openNo') }}
      />
      <div className="grid gap-1">
        <Label htmlFor="counterparty-filter-verification" className="text-xs text-muted-foreground">
          {t('list.filters.verification')}
        </Label>
        <Select
          value={filters.verification || ANY}
          onValueChange={(next) => onChange({ verification: next === ANY ? '' : (next as CounterpartyVerificationState) })}
        >
          <SelectTrigger id="counterparty-filter-verification" className="w-52">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>{t('list.filters.any')}</SelectItem>
            {COUNTERPARTY_VERIFICATION_STATES.map((state) => (
              <SelectItem key={state} value={state}>
                {t(`list.verification.${state}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {hasActiveFilters(filters) ? (
        <Button variant="ghost" onClick={() => onChange({ search: '', trusted: '', hasOpenInvoices: '', verification: '' })}>
          {t('list.filters.clear')}
        </Button>
      ) : null}
    </div>
  );
}
