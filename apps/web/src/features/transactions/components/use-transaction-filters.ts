import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readListFilters, writeListFilters, type TransactionListFilters } from '../model/list-filters';

/** The list's view, search and filters live in the query string; changes replace the entry instead of piling up history. */
export function useTransactionFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readListFilters(searchParams), [searchParams]);
  const updateFilters = useCallback(
    (change: Partial<TransactionListFilters>) => {
      setSearchParams((current) => writeListFilters({ ...readListFilters(current), ...change }, current), { replace: true });
    },
    [setSearchParams],
  );
  return { filters, updateFilters };
}

/** The open transaction's id (`?id=`): a shared link opens the same detail; closing goes back to the list. */
export function useOpenTransaction() {
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = searchParams.get('id');
  const open = useCallback(
    (id: string | null) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('id', id);
        else next.delete('id');
        return next;
      }),
    [setSearchParams],
  );
  return { openId, open };
}
