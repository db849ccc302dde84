import { ArrowUpRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InvoicePayment } from '@kontor/domain/invoices/invoice-schema';
import { canJoinPaymentRun } from '@kontor/domain/payments/transaction-status';
import { Badge } from '@/components/ui/badge';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { paymentRunLabel, paymentRunUrl, transactionDetailUrl } from '@/lib/payments/payment-paths';
import { TRANSACTION_STATUS_TONE } from '@/lib/payments/transaction-status-tone';
import { can, useSession } from '@/lib/session-context';

/**
 * Actions on the invoice's payment that another feature supplies (the app layer joins them);
 * `onChanged` reloads the invoice so that this panel shows the payment's new status and run.
 */
export type RenderPaymentAction = (payment: InvoicePayment, onChanged: () => void) => ReactNode;

/**
 * The payment that approving this invoice created: where the money stands (open, in a run,
 * exported …) without leaving the invoice. Links go to the payment and its run for those who may
 * see payments (payment_runs:manage); others see the status only. A payable payment (open, in no
 * run) offers `renderAction` ("add to payment run") to them; nothing is offered that would be refused.
 */
export function PaymentPanel({
  payment,
  renderAction,
}: {
  payment: InvoicePayment;
  renderAction?: (payment: InvoicePayment) => ReactNode;
}) {
  const { t } = useTranslation('invoice-detail');
  const session = useSession();
  const slug = session.organization.slug;
  const mayOpen = can(session, 'payment_runs:manage');
  const run = payment.paymentRun;
  const runLabel = run ? paymentRunLabel(run.number) : null;
  const action = mayOpen && canJoinPaymentRun(payment.status, run?.id ?? null) ? renderAction?.(payment) : null;

  return (
    <section
      aria-labelledby="invoice-payment-title"
      data-testid="invoice-payment"
      className="grid gap-3 rounded-lg border border-border bg-surface p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="invoice-payment-title" className="text-base font-semibold text-foreground">
          {t('payment.title')}
        </h2>
        <Badge tone={TRANSACTION_STATUS_TONE[payment.status]} data-testid="invoice-payment-status">
          {t(`payment.status.${payment.status}`)}
        </Badge>
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="text-muted-foreground">{t('payment.amount')}</dt>
        <dd className="font-medium text-foreground tabular-nums">{formatMoney(payment.amount, payment.currency)}</dd>
        <dt className="text-muted-foreground">{t('payment.executionDate')}</dt>
        <dd className="text-foreground">{formatDate(payment.requestedExecutionDate, currentLocale())}</dd>
        <dt className="text-muted-foreground">{t('payment.run')}</dt>
        <dd className="text-foreground">
          {run && runLabel ? (
            mayOpen ? (
              <Link to={paymentRunUrl(slug, run.id)} className="font-medium text-primary hover:underline">
                {runLabel}
              </Link>
            ) : (
              runLabel
            )
          ) : (
            t('payment.noRun')
          )}
        </dd>
      </dl>
      {mayOpen ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link
            to={transactionDetailUrl(slug, payment.id)}
            className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
          >
            {t('payment.open')}
            <ArrowUpRight aria-hidden="true" className="size-4" />
          </Link>
          {action}
        </div>
      ) : null}
    </section>
  );
}
