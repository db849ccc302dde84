import { Filter, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DebouncedInput } from '@/components/debounced-input';

interface InvoiceToolbarProps {
  search: string;
  onSearch: (search: string) => void;
  /** Without it the toolbar is search only (the archive). */
  filterToggle?: { activeCount: number; isOpen: boolean; onToggle: () => void };
}

/** Search (counterparty, invoice number, amount — the server decides) and the filter toggle. */
export function InvoiceToolbar({ search, onSearch, filterToggle }: InvoiceToolbarProps) {
  const { t } = useTranslation('invoices');
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      <div className="relative w-full max-w-sm">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <DebouncedInput
          type="search"
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          className="pl-9"
          maxLength={100}
          value={search}
          onCommit={onSearch}
        />
      </div>
      {filterToggle ? (
        <Button variant="outline" aria-expanded={filterToggle.isOpen} onClick={filterToggle.onToggle}>
          <Filter aria-hidden="true" />
          {t('filters.toggle')}
          {filterToggle.activeCount > 0 ? (
            <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">{filterToggle.activeCount}</span>
          ) : null}
        </Button>
      ) : null}
    </div>
  );
}
