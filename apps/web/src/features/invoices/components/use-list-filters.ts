import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readFilters, writeFilters, type InvoiceListFilters } from './list-query';

/** The overview's filters live in the query string; changes replace the entry instead of piling up history. */
export function useListFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readFilters(searchParams), [searchParams]);
  const updateFilters = useCallback(
    (change: Partial<InvoiceListFilters>) => {
      setSearchParams((current) => writeFilters({ ...readFilters(current), ...change }), { replace: true });
    },
    [setSearchParams],
  );
  return { filters, updateFilters };
}
