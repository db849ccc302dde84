import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ApprovalFlow } from '@kontor/domain/approvals/approval-flow';
import type { PaymentRun, PaymentRunSummary } from '@kontor/domain/payments/payment-run-api';
import type { PaymentRunStatus } from '@kontor/domain/payments/payment-run-status';
import type { TransactionListResponse } from '@kontor/domain/payments/transaction-api';
import { api } from '@/lib/api-client';
import { PAYMENT_RUNS_PATH, paymentRunKeys, paymentRunPath } from './payment-run-keys';

export const PAYMENT_RUN_PAGE_SIZE = 50;
export const RUN_TRANSACTION_PAGE_SIZE = 100;

interface PaymentRunListResponse {
  items: PaymentRunSummary[];
  nextCursor: string | null;
}

/** GET /payment-runs?status=a,b&cursor=: newest first, in keyset pages. */
export function usePaymentRunList(statuses: readonly PaymentRunStatus[] = []) {
  const status = statuses.length > 0 ? statuses.join(',') : undefined;
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: paymentRunKeys.list({ status }),
      queryFn: ({ pageParam, signal }) =>
        api.get<PaymentRunListResponse>(PAYMENT_RUNS_PATH, {
          query: { status, limit: PAYMENT_RUN_PAGE_SIZE, cursor: pageParam ?? undefined },
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
    placeholderData: keepPreviousData,
    // Colleagues approve and export in their own browsers.
    refetchOnWindowFocus: true,
  });
}

/** GET /payment-runs/:id: the run with its approval, allowed events and payment blocks. */
export function usePaymentRun(id: string) {
  return useQuery({
    queryKey: paymentRunKeys.detail(id),
    queryFn: ({ signal }) => api.get<PaymentRun>(paymentRunPath(id), { signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** GET /transactions?paymentRunId=&view=all: the run's payments in keyset pages, with count and sum. */
export function useRunTransactions(id: string) {
  return useInfiniteQuery({
    queryKey: paymentRunKeys.transactions(id),
    queryFn: ({ pageParam, signal }) =>
      api.get<TransactionListResponse>('/transactions', {
        query: {
          paymentRunId: id,
          view: 'all',
          sort: 'requestedExecutionDate',
          order: 'asc',
          limit: RUN_TRANSACTION_PAGE_SIZE,
          cursor: pageParam ?? undefined,
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: 0,
  });
}

/**
 * GET /approval-flows?type=payment_run — an admin screen's API, so only admins read it; for
 * everyone else the server picks the matching flow when approval is requested.
 */
export function usePaymentRunFlows(enabled: boolean) {
  return useQuery({
    queryKey: paymentRunKeys.flows(),
    queryFn: () => api.get<{ items: ApprovalFlow[] }>('/approval-flows', { query: { type: 'payment_run' } }),
    enabled,
    staleTime: 30_000,
  });
}
