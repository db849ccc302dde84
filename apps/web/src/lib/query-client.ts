import { MutationCache, QueryClient } from '@tanstack/react-query';
import { hasErrorCode, isApiError } from './api-error';

/** Client errors (4xx) do not get better by asking again; network and server errors get two more tries. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      // 409 stale_version: someone else saved first. The screen toasts the message; this
      // refetches what is on screen so the next attempt starts from the latest version.
      onError: (error) => {
        if (hasErrorCode(error, 'stale_version')) void queryClient.invalidateQueries();
      },
    }),
  });
  return queryClient;
}

/** The app's one query client (the api client's session hooks clear it). */
export const queryClient = createQueryClient();
