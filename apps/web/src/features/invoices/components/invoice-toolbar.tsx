import { Filter } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SearchField } from '@/components/search-field';
import { ExportListButton } from '@/components/list-export/export-list-button';
import { currentLocale } from '@/lib/i18n';
import { exportInvoiceList } from '../api/export-invoice-list';
import type { InvoiceListRequest } from './list-query';

interface InvoiceToolbarProps {
  search: string;
  onSearch: (search: string) => void;
  /** Without it the toolbar is search only (the archive). */
  filterToggle?: { activeCount: number; isOpen: boolean; onToggle: () => void };
  /** The list as the server reads it, for "Export" (right-aligned); none without it. */
  exportRequest?: InvoiceListRequest;
}

/** Search (counterparty, invoice number, amount — the server decides) and the filter toggle. */
export function InvoiceToolbar({ search, onSearch, filterToggle, exportRequest }: InvoiceToolbarProps) {
  const { t } = useTranslation('invoices');
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      <SearchField
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        maxLength={100}
        value={search}
        onCommit={onSearch}
      />
      {filterToggle ? (
        <Button variant="outline" aria-expanded={filterToggle.isOpen} onClick={filterToggle.onToggle}>
          <Filter aria-hidden="true" />
          {t('filters.toggle')}
          {filterToggle.activeCount > 0 ? (
            <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">{filterToggle.activeCount}</span>
          ) : null}
        </Button>
      ) : null}
      {exportRequest ? (
        <div className="ml-auto">
          <ExportListButton
            onExport={(format) => exportInvoiceList(exportRequest, format)}
            doneMessage={(count) => t('exported', { count, formatted: count.toLocaleString(currentLocale()) })}
          />
        </div>
      ) : null}
    </div>
  );
}
