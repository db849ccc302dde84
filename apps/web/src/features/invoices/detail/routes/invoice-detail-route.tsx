import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { BackLink } from '@/components/record-states';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { LoadingState } from '@/components/ui/loading-state';
import { useInvoice } from '../api/get-invoice';
import { InvoiceActionsBar } from '../components/actions/invoice-actions-bar';
import { ApprovalPanel } from '../components/approval/approval-panel';
import { DocumentPane } from '../components/document/document-pane';
import { InvoiceForm } from '../components/form/invoice-form';
import { InvoiceLoadError } from '../components/invoice-detail-states';
import { InvoiceExtras } from '../components/panels/invoice-extras';
import { PaymentPanel } from '../components/panels/payment-panel';
import { ReadingChecks } from '../components/reading/reading-checks';
import { EmailOrigin, ReadingFailedAlert, ReadingKindBadge } from '../components/reading/reading-summary';

/** The list this detail was opened from, with its filters: passed as state, or carried in the query string. */
function useBackPath(slug: string, tab: string): string {
  const location = useLocation();
  const from: unknown = (location.state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith(`/${slug}/`)) return from;
  return `/${slug}/invoices/${tab}${location.search}`;
}

/** /{slug}/invoices/{tab}/{id}: the document beside the form, actions, attachments, comments and history. */
export function InvoiceDetailRoute() {
  const { t } = useTranslation('invoice-detail');
  const { slug = '', tab = 'new', id = '' } = useParams();
  const backPath = useBackPath(slug, tab);
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
        <InvoiceActionsBar invoice={invoice} slug={slug} listPath={backPath} hasUnsavedChanges={isDirty} />
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
          {invoice.payment ? <PaymentPanel payment={invoice.payment} /> : null}
          {invoice.reading ? (
            <ReadingChecks
              reading={invoice.reading}
              currency={invoice.currency}
              invoicePath={(otherId) => `/${slug}/invoices/${tab}/${otherId}`}
            />
          ) : null}
          <InvoiceForm key={invoice.id} invoice={invoice} onDirtyChange={setIsDirty} />
          <InvoiceExtras invoice={invoice} />
        </div>
      </div>
    </div>
  );
}
