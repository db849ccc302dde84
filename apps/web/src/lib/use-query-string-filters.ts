import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters kept in the query string, so a shared link shows the same list. Changes
 * replace the history entry instead of piling one up per keystroke. `read` and `write` are the
 * list's codec; `write` receives the current parameters to keep the ones it does not own.
 */
export function useQueryStringFilters<Filters>(
  read: (params: URLSearchParams) => Filters,
  write: (filters: Filters, current: URLSearchParams) => URLSearchParams,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => read(searchParams), [read, searchParams]);
  const updateFilters = useCallback(
    (change: Partial<Filters>) => {
      setSearchParams((current) => write({ ...read(current), ...change }, current), { replace: true });
    },
    [read, write, setSearchParams],
  );
  return { filters, updateFilters };
}
