import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BANK_MATCHING_STATUSES,
  BANK_TRANSACTION_DIRECTIONS,
  type BankTransactionAccount,
} from '@kontor/domain/banking/bank-transaction-api';
import { AmountFilterField, DateFilterField } from '@/components/filter-fields';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { maskIban } from '@/lib/iban-display';
import { CLEARED_FILTERS, hasActiveFilters, MAX_SEARCH_LENGTH, type BankTransactionListFilters } from '../model/list-filters';

const ANY = 'any';

interface FiltersBarProps {
  filters: BankTransactionListFilters;
  onChange: (change: Partial<BankTransactionListFilters>) => void;
  accounts: readonly BankTransactionAccount[];
  /** How the statement the list is narrowed to is named, when it is known. */
  statementName: string | null;
}

/** Incoming, outgoing or both, as three toggle buttons: one click, and the choice is in view. */
function DirectionToggle({
  value,
  onChange,
}: {
  value: BankTransactionListFilters['direction'];
  onChange: (value: BankTransactionListFilters['direction']) => void;
}) {
  const { t } = useTranslation('bank-transactions');
  const labelId = useId();
  const options = [
    { value: '' as const, label: t('filters.bothDirections') },
    ...BANK_TRANSACTION_DIRECTIONS.map((direction) => ({ value: direction, label: t(`direction.${direction}`) })),
  ];
  return (
    <div className="grid gap-2">
      <span id={labelId} className="text-sm leading-none font-medium text-foreground">
        {t('filters.direction')}
      </span>
      <div role="group" aria-labelledby={labelId} className="flex h-10 rounded-md border border-border bg-surface p-0.5">
        {options.map((option) => (
          <button
            key={option.value || 'both'}
            type="button"
            aria-pressed={value === option.value}
            onClick={() => onChange(option.value)}
            className={cn(
              'rounded px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
              value === option.value ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {option.label}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The account filter, shared by the transactions and the statements tab. */
export function AccountSelect({
  value,
  accounts,
  onChange,
}: {
  value: string;
  accounts: readonly BankTransactionAccount[];
  onChange: (accountId: string) => void;
}) {
  const { t } = useTranslation('bank-transactions');
  const id = useId();
  // The account chosen may not be in the list (yet): its own option keeps the select readable.
  const isKnown = accounts.some((account) => account.id === value);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t('filters.account')}</Label>
      <Select value={value || ANY} onValueChange={(chosen) => onChange(chosen === ANY ? '' : chosen)}>
        <SelectTrigger id={id} className="w-56">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{t('filters.anyAccount')}</SelectItem>
          {accounts.map((account) => (
            <SelectItem key={account.id} value={account.id}>
              {account.name} · {maskIban(account.iban)}
            </SelectItem>
          ))}
          {value && !isKnown ? <SelectItem value={value}>{t('filters.chosenAccount')}</SelectItem> : null}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Search, account, direction, booking dates, amount range and matching state; every change lands in the URL. */
export function FiltersBar({ filters, onChange, accounts, statementName }: FiltersBarProps) {
  const { t } = useTranslation('bank-transactions');
  const matchingId = useId();
  // A date the field cannot read never reaches the filters, so clearing them would not clear its
  // text: resetting starts the fields afresh.
  const [generation, setGeneration] = useState(0);
  const reset = () => {
    setGeneration((current) => current + 1);
    onChange(CLEARED_FILTERS);
  };
  return (
    <section aria-label={t('filters.label')} className="mb-4 grid gap-3">
      {filters.statementId ? (
        <div
          className="flex flex-wrap items-center gap-2 rounded-md border border-primary/30 bg-primary-background px-3 py-2 text-sm text-primary"
          data-testid="statement-filter"
        >
          <span className="font-medium">
            {statementName ? t('filters.statement', { name: statementName }) : t('filters.oneStatement')}
          </span>
          <Button variant="ghost" size="sm" onClick={() => onChange({ statementId: '' })}>
            <X aria-hidden="true" />
            {t('filters.clearStatement')}
          </Button>
        </div>
      ) : null}
      <SearchField
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        maxLength={MAX_SEARCH_LENGTH}
        value={filters.search}
        onCommit={(search) => onChange({ search })}
      />
      <div className="flex flex-wrap items-end gap-3">
        <AccountSelect
          value={filters.accountId}
          accounts={accounts}
          onChange={(accountId) => onChange({ accountId, statementId: '' })}
        />
        <DirectionToggle value={filters.direction} onChange={(direction) => onChange({ direction })} />
        <DateFilterField
          key={`from-${generation}`}
          label={t('filters.from')}
          value={filters.from}
          onChange={(from) => onChange({ from })}
        />
        <DateFilterField
          key={`to-${generation}`}
          label={t('filters.to')}
          value={filters.to}
          onChange={(to) => onChange({ to })}
        />
        <AmountFilterField
          key={`min-${generation}`}
          label={t('filters.minAmount')}
          value={filters.minAmount}
          onChange={(minAmount) => onChange({ minAmount })}
          invalidMessage={t('filters.invalidAmount')}
        />
        <AmountFilterField
          key={`max-${generation}`}
          label={t('filters.maxAmount')}
          value={filters.maxAmount}
          onChange={(maxAmount) => onChange({ maxAmount })}
          invalidMessage={t('filters.invalidAmount')}
        />
        <div className="grid gap-2">
          <Label htmlFor={matchingId}>{t('filters.matching')}</Label>
          <Select
            value={filters.matchingStatus || ANY}
            onValueChange={(value) =>
              onChange({ matchingStatus: value === ANY ? '' : (value as BankTransactionListFilters['matchingStatus']) })
            }
          >
            <SelectTrigger id={matchingId} className="w-52">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>{t('filters.anyMatching')}</SelectItem>
              {BANK_MATCHING_STATUSES.map((status) => (
                <SelectItem key={status} value={status}>
                  {t(`matching.${status}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {hasActiveFilters(filters) ? (
          <Button variant="ghost" onClick={reset}>
            {t('filters.reset')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
