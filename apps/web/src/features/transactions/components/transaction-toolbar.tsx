import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSACTION_ANALYSIS_STATUSES } from '@kontor/domain/payments/transaction-analysis';
import { AmountFilterField, DateFilterField } from '@/components/filter-fields';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { CounterpartyFilter } from '@/components/counterparty-filter';
import { hasActiveFilters, MAX_SEARCH_LENGTH, type TransactionListFilters } from '../model/list-filters';

const ANY = 'any';

/** The payments' search (creditor, IBAN, remittance, end-to-end id, amount); the list and the archive share it. */
export function TransactionSearchField({ value, onCommit }: { value: string; onCommit: (search: string) => void }) {
  const { t } = useTranslation('transactions');
  return (
    <SearchField
      label={t('filters.search')}
      placeholder={t('filters.searchPlaceholder')}
      maxLength={MAX_SEARCH_LENGTH}
      value={value}
      onCommit={onCommit}
    />
  );
}

/** Search plus the filters of SPEC §9: execution date range, amount range, analysis state, counterparty. */
export function TransactionToolbar({
  filters,
  onChange,
}: {
  filters: TransactionListFilters;
  onChange: (change: Partial<TransactionListFilters>) => void;
}) {
  const { t } = useTranslation('transactions');
  const analysisId = useId();
  return (
    <div className="mb-4 grid gap-3">
      <TransactionSearchField value={filters.search} onCommit={(search) => onChange({ search })} />
      <div className="flex flex-wrap items-end gap-3">
        <DateFilterField
          label={t('filters.executionFrom')}
          value={filters.executionFrom}
          onChange={(executionFrom) => onChange({ executionFrom })}
        />
        <DateFilterField
          label={t('filters.executionTo')}
          value={filters.executionTo}
          onChange={(executionTo) => onChange({ executionTo })}
        />
        <AmountFilterField
          label={t('filters.amountMin')}
          value={filters.amountMin}
          onChange={(amountMin) => onChange({ amountMin })}
          invalidMessage={t('filters.invalidAmount')}
        />
        <AmountFilterField
          label={t('filters.amountMax')}
          value={filters.amountMax}
          onChange={(amountMax) => onChange({ amountMax })}
          invalidMessage={t('filters.invalidAmount')}
        />
        <div className="grid gap-2">
          <Label htmlFor={analysisId}>{t('filters.analysis')}</Label>
          <Select
            value={filters.analysis || ANY}
            onValueChange={(value) => onChange({ analysis: value === ANY ? '' : (value as TransactionListFilters['analysis']) })}
          >
            <SelectTrigger id={analysisId} className="w-48">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>{t('filters.anyAnalysis')}</SelectItem>
              {TRANSACTION_ANALYSIS_STATUSES.map((status) => (
                <SelectItem key={status} value={status}>
                  {t(`analysisStatus.${status}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="w-64">
          <CounterpartyFilter value={filters.counterpartyId} onChange={(counterpartyId) => onChange({ counterpartyId })} />
        </div>
        {hasActiveFilters(filters) ? (
          <Button
            variant="ghost"
            onClick={() =>
              onChange({
                search: '',
                executionFrom: '',
                executionTo: '',
                amountMin: null,
                amountMax: null,
                analysis: '',
                counterpartyId: '',
              })
            }
          >
            {t('filters.reset')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
