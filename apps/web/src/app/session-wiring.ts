import { configureSessionHooks } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import type { AppRouter } from './router';

/** Lets the api client leave for /session-expired through the router and drop the query cache (SPEC §4). */
export function wireSessionHandling(router: AppRouter): void {
  configureSessionHooks({
    navigate: (path) => router.navigate(path, { replace: true }),
    clearCache: (scope) => (scope === 'all' ? queryClient.clear() : queryClient.removeQueries({ type: 'inactive' })),
  });
}
