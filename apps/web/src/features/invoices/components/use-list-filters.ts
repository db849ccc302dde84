import { useQueryStringFilters } from '@/lib/use-query-string-filters';
import { readFilters, writeFilters } from './list-query';

/** The overview's filters live in the query string. */
export function useListFilters() {
  return useQueryStringFilters(readFilters, writeFilters);
}
