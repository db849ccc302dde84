import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BankMatchView } from '@kontor/domain/banking/bank-transaction-api';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { MatchRequest } from '../model/matching';
import { bankTransactionKeys, bankTransactionPath } from './bank-transaction-keys';

/**
 * What a match or unmatch changes on the bank side: the line (detail, list, totals), proposals and
 * matches, and an invoice's matches and proposals (every invoice's: a line's open amount changed).
 */
const MATCHING_QUERIES = new Set(['detail', 'list', 'totals', 'proposals', 'matches', 'invoice-matches', 'invoice-proposals']);

/**
 * After a match or unmatch, and after one that failed (someone else matched meanwhile): the bank
 * side, the invoice lists (their matching status) and the invoices concerned with their history.
 * Not everything under ['invoices']: an open invoice's document URL must not be fetched again.
 */
export function refreshAfterMatching(queryClient: QueryClient, invoiceIds: readonly (string | null)[]): Promise<unknown> {
  const ids = new Set(invoiceIds.filter((id): id is string => id !== null));
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: bankTransactionKeys.all(),
      predicate: (query) => MATCHING_QUERIES.has(String(query.queryKey[1])),
    }),
    queryClient.invalidateQueries({
      queryKey: queryKeys.invoices.all(),
      predicate: (query) => query.queryKey[1] !== 'detail',
    }),
    ...[...ids].flatMap((id) => [
      queryClient.invalidateQueries({ queryKey: queryKeys.invoices.detail(id), exact: true }),
      queryClient.invalidateQueries({ queryKey: queryKeys.invoices.activity(id), exact: true }),
    ]),
  ]);
}

/** Some parts of a proposal were matched, then one was refused: `failure` says why. */
export class PartialMatchError extends Error {
  constructor(
    readonly done: number,
    readonly count: number,
    readonly failure: unknown,
  ) {
    super(`Matched ${done} of ${count} parts`);
    this.name = 'PartialMatchError';
  }
}

/**
 * POST /bank-transactions/:id/matches once per part, each to its line, in order, stopping at the
 * first refusal (422 bank_match_exceeds_open when someone matched meanwhile, bank_match_currency,
 * 404 …). Answers the matches of the last part's line.
 */
export async function matchBankTransaction(requests: readonly MatchRequest[]): Promise<BankMatchView[]> {
  let matches: BankMatchView[] = [];
  for (const [index, { lineId, invoiceId: _invoiceId, ...body }] of requests.entries()) {
    try {
      matches = (await api.post<{ items: BankMatchView[] }>(`${bankTransactionPath(lineId)}/matches`, body)).items;
    } catch (error) {
      if (index === 0) throw error;
      throw new PartialMatchError(index, requests.length, error);
    }
  }
  return matches;
}

/** Accepts a proposal, from the line's side or the invoice's; refreshes both sides either way. */
export function useMatchBankTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requests: readonly MatchRequest[]) => matchBankTransaction(requests),
    onSettled: (_matches, _error, requests) =>
      refreshAfterMatching(
        queryClient,
        requests.map((request) => request.invoiceId),
      ),
  });
}

/** DELETE /bank-transactions/:id/matches/:matchId: both sides get back what the match had taken. */
export function useUnmatchBankTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (match: Pick<BankMatchView, 'id' | 'bankTransactionId' | 'target'>) =>
      api.delete<{ items: BankMatchView[] }>(
        `${bankTransactionPath(match.bankTransactionId)}/matches/${encodeURIComponent(match.id)}`,
      ),
    onSettled: (_answer, _error, match) => refreshAfterMatching(queryClient, [match.target.invoiceId]),
  });
}
