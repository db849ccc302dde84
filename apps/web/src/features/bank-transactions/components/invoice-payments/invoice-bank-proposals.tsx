import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { isApiError } from '@/lib/api-error';
import { useInvoiceBankProposals } from '../../api/list-bank-matches';
import { ProposalCard } from '../matching/proposal-card';

/**
 * "Proposed bank payments" of an invoice not yet fully matched: the open bank lines that may pay
 * it, best first, each with "Accept" (matching it from the invoice's side).
 */
export function InvoiceBankProposals({ invoiceId, slug }: { invoiceId: string; slug: string }) {
  const { t } = useTranslation('bank-transactions');
  const proposals = useInvoiceBankProposals(invoiceId, true);
  // Refused for this person (403) or the invoice gone (404): left out rather than shown as broken.
  if (proposals.isError && isApiError(proposals.error) && [403, 404].includes(proposals.error.status)) return null;
  return (
    <section
      aria-labelledby="invoice-bank-proposals-title"
      className="grid gap-2 border-t border-border pt-3"
      data-testid="invoice-bank-proposals"
    >
      <div className="grid gap-0.5">
        <h3 id="invoice-bank-proposals-title" className="text-sm font-semibold text-foreground">
          {t('invoicePayments.proposals.title')}
        </h3>
        <p className="text-xs text-muted-foreground">{t('invoicePayments.proposals.description')}</p>
      </div>
      {proposals.isPending ? (
        <LoadingState label={t('invoicePayments.proposals.loading')} className="py-4" />
      ) : proposals.isError ? (
        <ErrorState
          title={t('invoicePayments.proposals.loadFailed')}
          error={proposals.error}
          onRetry={() => void proposals.refetch()}
          isRetrying={proposals.isFetching}
          className="py-6"
        />
      ) : proposals.data.length === 0 ? (
        <p className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="invoice-bank-proposals-empty">
          <SearchX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('invoicePayments.proposals.empty')}
        </p>
      ) : (
        <ul aria-label={t('invoicePayments.proposals.listLabel')} className="grid gap-2">
          {proposals.data.map((proposal) => (
            <ProposalCard
              key={proposal.allocations.map((allocation) => `${allocation.lineId}:${allocation.target.id}`).join('+')}
              proposal={proposal}
              side="invoice"
              slug={slug}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
