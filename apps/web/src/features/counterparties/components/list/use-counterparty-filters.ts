import { useQueryStringFilters } from '@/lib/use-query-string-filters';
import { readListFilters, writeListFilters } from '../../model/list-filters';

/** The list's search and filters live in the query string. */
export function useCounterpartyFilters() {
  return useQueryStringFilters(readListFilters, writeListFilters);
}
