import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RECEIVABLE_QUICK_FILTERS } from '@kontor/domain/receivables/receivable-due';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { chooseQuickFilter, hasActiveFilters, MAX_SEARCH_LENGTH, type ReceivableListFilters } from '../../model/list-filters';

interface ReceivableFiltersBarProps {
  filters: ReceivableListFilters;
  onChange: (change: Partial<ReceivableListFilters>) => void;
}

/** The quick filters (one at a time, a second click clears it) and the search by number or customer. */
export function ReceivableFiltersBar({ filters, onChange }: ReceivableFiltersBarProps) {
  const { t } = useTranslation('receivables');
  return (
    <section aria-label={t('filters.label')} className="mb-4 flex flex-wrap items-center gap-3">
      <SearchField
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        maxLength={MAX_SEARCH_LENGTH}
        value={filters.search}
        onCommit={(search) => onChange({ search })}
      />
      <div role="group" aria-label={t('filters.quick')} className="flex flex-wrap items-center gap-2">
        {RECEIVABLE_QUICK_FILTERS.map((filter) => (
          <Button
            key={filter}
            size="sm"
            variant={filters.filter === filter ? 'primary' : 'outline'}
            aria-pressed={filters.filter === filter}
            onClick={() => onChange(chooseQuickFilter(filters, filter))}
          >
            {t(`quickFilters.${filter}`)}
          </Button>
        ))}
      </div>
      {hasActiveFilters(filters) ? (
        <Button variant="ghost" size="sm" onClick={() => onChange({ filter: '', search: '' })}>
          <X aria-hidden="true" />
          {t('filters.reset')}
        </Button>
      ) : null}
    </section>
  );
}
