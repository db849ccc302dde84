import { useState, type ReactNode } from 'react';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { BackLink } from '@/components/record-states';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { LoadingState } from '@/components/ui/loading-state';
import { useInvoice } from '../api/get-invoice';
import { InvoiceActionsBar } from './actions/invoice-actions-bar';
import { ApprovalPanel } from './approval/approval-panel';
import { DocumentPane } from './document/document-pane';
import { InvoiceForm } from './form/invoice-form';
import { InvoiceLoadError } from './invoice-detail-states';
import { InvoiceExtras } from './panels/invoice-extras';
import { PaymentPanel, type RenderPaymentAction } from './panels/payment-panel';
import { ReadingChecks } from './reading/reading-checks';
import { EmailOrigin, ReadingFailedAlert, ReadingKindBadge } from './reading/reading-summary';

export interface InvoiceDetailProps {
  id: string;
  slug: string;
  /** The list "back" leads to when the page was not opened from a list (a link, a bookmark). */
  listPath: string;
  /** Where another invoice (a possible duplicate) opens. */
  invoicePath: (otherId: string) => string;
  /** Where a restored invoice goes when restoring takes it out of the screen that shows it (the archive). */
  restoredPath?: string;
  /** An action on the invoice's payable payment ("add to payment run", from the app layer). */
  renderPaymentAction?: RenderPaymentAction;
  /** The bank lines that paid the invoice (bank matching, from the app layer); refreshes itself after a change. */
  renderBankPayments?: (invoice: Invoice) => ReactNode;
}

/** The list this detail was opened from, with its filters (passed as state), else `listPath`. */
function useBackPath(slug: string, listPath: string): string {
  const location = useLocation();
  const from: unknown = (location.state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith(`/${slug}/`) ? from : listPath;
}

/**
 * One invoice: the document beside the form, actions, attachments, comments and history. The
 * overview's tabs and the archive show it alike; statuses that allow no editing show it read-only.
 */
export function InvoiceDetail({
  id,
  slug,
  listPath,
  invoicePath,
  restoredPath,
  renderPaymentAction,
  renderBankPayments,
}: InvoiceDetailProps) {
  const { t } = useTranslation('invoice-detail');
  const backPath = useBackPath(slug, listPath);
  const query = useInvoice(id);
  const [isDirty, setIsDirty] = useState(false);

  const backLink = <BackLink to={backPath} label={t('back')} />;

  if (query.isPending) return <LoadingState label={t('states.loading')} />;
  if (query.isError && !query.data) {
    return (
      <div className="grid gap-4">
        {backLink}
        <InvoiceLoadError
          error={query.error}
          backPath={backPath}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      </div>
    );
  }
  const invoice = query.data;
  return (
    <div className="grid gap-4">
      {backLink}
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">
            {/* "Gutschrift RE-17" for a credit note, "Mahnung …" for a reminder: the heading names the document's type. */}
            {invoice.invoiceNumber
              ? t('title', { type: t(`types.${invoice.type}`), number: invoice.invoiceNumber })
              : t(`types.${invoice.type}`)}
          </h1>
          <Badge
            tone={invoice.status === 'cancelled' || invoice.status === 'rejected' ? 'danger' : 'primary'}
            data-testid="invoice-status"
          >
            {t(`status.${invoice.status}`)}
          </Badge>
          <ReadingKindBadge reading={invoice.reading} />
        </div>
        <InvoiceActionsBar
          invoice={invoice}
          slug={slug}
          listPath={backPath}
          hasUnsavedChanges={isDirty}
          restoredPath={restoredPath}
        />
      </header>
      {invoice.cancelReason ? (
        <Alert tone="info">
          <p>{t('states.cancelReason', { reason: invoice.cancelReason })}</p>
        </Alert>
      ) : null}
      <ReadingFailedAlert invoice={invoice} />
      {invoice.emailOrigin ? <EmailOrigin origin={invoice.emailOrigin} /> : null}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <DocumentPane invoice={invoice} />
        <div className="grid min-w-0 gap-6">
          <ApprovalPanel invoice={invoice} hasUnsavedChanges={isDirty} />
          {invoice.payment ? (
            <PaymentPanel
              payment={invoice.payment}
              renderAction={renderPaymentAction && ((payment) => renderPaymentAction(payment, () => void query.refetch()))}
            />
          ) : null}
          {renderBankPayments?.(invoice)}
          <InvoiceForm
            key={invoice.id}
            invoice={invoice}
            onDirtyChange={setIsDirty}
            checks={
              invoice.reading ? (
                <ReadingChecks reading={invoice.reading} currency={invoice.currency} invoicePath={invoicePath} />
              ) : null
            }
          />
          <InvoiceExtras invoice={invoice} />
        </div>
      </div>
    </div>
  );
}
