import { useQuery } from '@tanstack/react-query';
import type { BankMatchProposal, BankMatchView } from '@kontor/domain/banking/bank-transaction-api';
import { api } from '@/lib/api-client';
import { bankTransactionKeys, bankTransactionPath } from './bank-transaction-keys';

/** GET /bank-transactions/:id/matches: what the line was matched with, oldest first. */
export function useBankMatches(lineId: string) {
  return useQuery({
    queryKey: bankTransactionKeys.matches(lineId),
    queryFn: ({ signal }) => api.get<{ items: BankMatchView[] }>(`${bankTransactionPath(lineId)}/matches`, { signal }),
    select: (data) => data.items,
  });
}

/**
 * GET /bank-transactions/:id/proposals: what the line's open amount may pay, best first. Asked
 * only while something of an outgoing line is open (the server answers an empty list otherwise).
 */
export function useMatchProposals(lineId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: bankTransactionKeys.proposals(lineId),
    queryFn: ({ signal }) => api.get<{ items: BankMatchProposal[] }>(`${bankTransactionPath(lineId)}/proposals`, { signal }),
    select: (data) => data.items,
    enabled: isEnabled,
  });
}

/** GET /invoices/:id/bank-matches: the bank lines that paid an invoice (403 without bank_accounts:manage). */
export function useInvoiceBankMatches(invoiceId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: bankTransactionKeys.invoiceMatches(invoiceId),
    queryFn: ({ signal }) =>
      api.get<{ items: BankMatchView[] }>(`/invoices/${encodeURIComponent(invoiceId)}/bank-matches`, { signal }),
    select: (data) => data.items,
    enabled: isEnabled,
  });
}

/**
 * GET /invoices/:id/bank-proposals: the open bank lines that may pay an invoice, best first (at
 * most 5). Asked only while something of it is open; 403 without bank_accounts:manage.
 */
export function useInvoiceBankProposals(invoiceId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: bankTransactionKeys.invoiceProposals(invoiceId),
    queryFn: ({ signal }) =>
      api.get<{ items: BankMatchProposal[] }>(`/invoices/${encodeURIComponent(invoiceId)}/bank-proposals`, { signal }),
    select: (data) => data.items,
    enabled: isEnabled,
  });
}
