import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChooseInvoicePaymentAccountBody } from '@kontor/domain/invoices/payment-account-review';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { api } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/api-error';
import { applyInvoice, invoiceDetailKeys } from './invoice-cache';

/**
 * POST /invoices/:id/payment-account {source, iban, version}: pays the invoice to the document's
 * account or one of the counterparty's stored ones. 409 stale_version / invoice_not_editable /
 * invoice_booked_locked, 422 invoice_payment_account_not_offered.
 */
export function choosePaymentAccount(id: string, body: ChooseInvoicePaymentAccountBody): Promise<Invoice> {
  return api.post<Invoice>(`/invoices/${encodeURIComponent(id)}/payment-account`, body);
}

export function useChoosePaymentAccount(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChooseInvoicePaymentAccountBody) => choosePaymentAccount(id, body),
    onSuccess: (invoice) => applyInvoice(queryClient, invoice),
    onError: (error) => {
      // Someone moved the invoice on (approved into a lock, exported): show its current state.
      if (hasErrorCode(error, 'invoice_not_editable') || hasErrorCode(error, 'invoice_booked_locked'))
        void queryClient.invalidateQueries({ queryKey: invoiceDetailKeys.detail(id) });
    },
  });
}
