import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryStringFilters, useSearchParamsWriter } from '@/lib/use-query-string-filters';
import { readListFilters, writeListFilters } from '../model/list-filters';

/** The list's view, search and filters live in the query string. */
export function useTransactionFilters() {
  return useQueryStringFilters(readListFilters, writeListFilters);
}

/** The open transaction's id (`?id=`): a shared link opens the same detail; closing goes back to the list. */
export function useOpenTransaction() {
  const [searchParams] = useSearchParams();
  const writeSearchParams = useSearchParamsWriter();
  const openId = searchParams.get('id');
  const open = useCallback(
    (id: string | null) =>
      writeSearchParams((current) => {
        if (id) current.set('id', id);
        else current.delete('id');
        return current;
      }),
    [writeSearchParams],
  );
  return { openId, open };
}
