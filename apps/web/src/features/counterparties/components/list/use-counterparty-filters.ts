import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readListFilters, writeListFilters, type CounterpartyListFilters } from '../../model/list-filters';

/** The list's search and filters live in the query string; changes replace the entry instead of piling up history. */
export function useCounterpartyFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readListFilters(searchParams), [searchParams]);
  const updateFilters = useCallback(
    (change: Partial<CounterpartyListFilters>) => {
      setSearchParams((current) => writeListFilters({ ...readListFilters(current), ...change }, current), { replace: true });
    },
    [setSearchParams],
  );
  return { filters, updateFilters };
}
