import { ArrowUpRight, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BankMatchView } from '@kontor/domain/banking/bank-transaction-api';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { isApiError } from '@/lib/api-error';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { can, useSession } from '@/lib/session-context';
import { bankTransactionUrl } from '../../api/bank-transaction-keys';
import { useInvoiceBankMatches } from '../../api/list-bank-matches';
import { invoiceTakesProposals } from '../../model/matching';
import { MatchingBadge } from '../bank-transaction-badges';
import { UndoMatchDialog } from '../matching/undo-match-dialog';
import { InvoiceBankProposals } from './invoice-bank-proposals';

type InvoiceSide = Pick<Invoice, 'id' | 'type' | 'status' | 'matchingStatus' | 'matchedAmount' | 'totalAmount' | 'currency'>;

/** Refused for this person (403) or gone (404): the panel is left out rather than shown as broken. */
const isHidden = (error: unknown) => isApiError(error) && (error.status === 403 || error.status === 404);

/**
 * "Bank payments" of an invoice (issue 62): how far bank lines paid it, and which, each opening
 * its bank transaction and with "Undo match"; while something of it is open, the bank lines
 * proposed to pay it, to accept. Shown to those who may manage bank accounts; the invoice detail
 * gets it through the app layer.
 */
export function InvoiceBankPaymentsPanel({ invoice }: { invoice: InvoiceSide }) {
  // Without suspense: the invoice need not wait for the bank texts.
  const { t, ready } = useTranslation('bank-transactions', { useSuspense: false });
  const session = useSession();
  const mayManage = can(session, 'bank_accounts:manage');
  const matches = useInvoiceBankMatches(invoice.id, mayManage);
  const [undoing, setUndoing] = useState<BankMatchView | null>(null);
  const locale = currentLocale();
  if (!ready || !mayManage || (matches.isError && isHidden(matches.error))) return null;

  const currency = invoice.currency ?? 'EUR';
  const transactionText = (match: BankMatchView) =>
    t('invoicePayments.transaction', { date: formatDate(match.line.bookingDate, locale) });

  return (
    <section
      aria-labelledby="invoice-bank-payments-title"
      data-testid="invoice-bank-payments"
      className="grid gap-3 rounded-lg border border-border bg-surface p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="invoice-bank-payments-title" className="text-base font-semibold text-foreground">
          {t('invoicePayments.title')}
        </h2>
        <MatchingBadge status={invoice.matchingStatus} />
      </div>
      {invoice.matchedAmount > 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="invoice-bank-payments-summary">
          {invoice.totalAmount === null
            ? t('invoicePayments.summaryWithoutTotal', { matched: formatMoney(invoice.matchedAmount, currency) })
            : t('invoicePayments.summary', {
                matched: formatMoney(invoice.matchedAmount, currency),
                total: formatMoney(invoice.totalAmount, currency),
              })}
        </p>
      ) : null}
      {matches.isPending ? (
        <LoadingState label={t('invoicePayments.loading')} className="py-4" />
      ) : matches.isError ? (
        <ErrorState
          title={t('invoicePayments.loadFailed')}
          error={matches.error}
          onRetry={() => void matches.refetch()}
          isRetrying={matches.isFetching}
          className="py-6"
        />
      ) : matches.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('invoicePayments.empty')}</p>
      ) : (
        <ul aria-label={t('invoicePayments.listLabel')} className="grid divide-y divide-border text-sm">
          {matches.data.map((match) => {
            const date = formatDate(match.line.bookingDate, locale);
            const amount = formatMoney(match.amount, match.line.currency);
            return (
              <li key={match.id} className="grid gap-1 py-2 first:pt-0 last:pb-0" data-testid="invoice-bank-payment">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <span className="text-foreground">
                    {t('invoicePayments.booked', { date })}
                    {match.line.counterpartyName ? (
                      <span className="text-muted-foreground"> · {match.line.counterpartyName}</span>
                    ) : null}
                  </span>
                  <span className="font-medium tabular-nums">{amount}</span>
                </div>
                {match.line.remittanceInformation ? (
                  <p className="truncate text-xs text-muted-foreground" title={match.line.remittanceInformation}>
                    {match.line.remittanceInformation}
                  </p>
                ) : null}
                <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
                  <span>
                    {t(`detail.matched.origin.${match.origin}`)}
                    {match.writeOff > 0
                      ? ` · ${t('detail.matched.writeOff', { amount: formatMoney(match.writeOff, match.line.currency) })}`
                      : null}
                  </span>
                  <div className="flex flex-wrap items-center gap-2">
                    <Link
                      to={bankTransactionUrl(session.organization.slug, match.bankTransactionId)}
                      aria-label={t('invoicePayments.openLabel', { date, amount })}
                      className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
                    >
                      {t('invoicePayments.open')}
                      <ArrowUpRight aria-hidden="true" className="size-3.5" />
                    </Link>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setUndoing(match)}
                      aria-label={t('invoicePayments.undoLabel', { date })}
                    >
                      <Undo2 aria-hidden="true" />
                      {t('detail.matched.undo')}
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {invoiceTakesProposals(invoice) ? <InvoiceBankProposals invoiceId={invoice.id} slug={session.organization.slug} /> : null}
      <UndoMatchDialog match={undoing} targetText={undoing ? transactionText(undoing) : ''} onClose={() => setUndoing(null)} />
    </section>
  );
}
