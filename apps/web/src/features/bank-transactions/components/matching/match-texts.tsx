import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BankMatchView, MatchTargetView } from '@kontor/domain/banking/bank-transaction-api';
import { currentLocale } from '@/lib/i18n';
import { transactionDetailUrl } from '@/lib/payments/payment-paths';
import { matchReasonText } from '../../model/matching';

/** "Invoice RE-2024-017", or a payment by its end-to-end id. */
export function targetLabel(t: TFunction<'bank-transactions'>, target: Pick<MatchTargetView, 'kind' | 'reference'>): string {
  if (target.kind === 'payment') {
    return target.reference
      ? t('detail.matched.payment', { reference: target.reference })
      : t('detail.matched.paymentWithoutReference');
  }
  return target.reference ? t('detail.matched.invoice', { number: target.reference }) : t('detail.matched.invoiceWithoutNumber');
}

/** Where a target opens: an invoice's detail, or the payment on the transactions screen. */
export function targetUrl(slug: string, target: Pick<MatchTargetView, 'kind' | 'id' | 'invoiceId'>): string {
  return target.kind === 'payment'
    ? transactionDetailUrl(slug, target.id)
    : `/${slug}/invoices/approved/${encodeURIComponent(target.invoiceId ?? target.id)}`;
}

export function TargetLink({ target, slug }: { target: MatchTargetView; slug: string }) {
  const { t } = useTranslation('bank-transactions');
  return (
    <Link to={targetUrl(slug, target)} className="font-medium text-primary hover:underline" data-testid="match-target">
      {targetLabel(t, target)}
    </Link>
  );
}

/** Why a match was proposed or made, one readable sentence each ("Betrag stimmt überein …"). */
export function MatchReasonList({
  reasons,
  currency,
  targetKind,
  label,
}: {
  reasons: BankMatchView['reasons'];
  currency: string;
  targetKind: MatchTargetView['kind'];
  label: string;
}) {
  const { t } = useTranslation('bank-transactions');
  const locale = currentLocale();
  if (reasons.length === 0) return null;
  return (
    <ul aria-label={label} className="grid list-disc gap-0.5 pl-5 text-xs text-muted-foreground" data-testid="match-reasons">
      {reasons.map((reason, index) => {
        const { key, values } = matchReasonText(reason, { currency, locale, targetKind });
        return <li key={`${reason.code}-${index}`}>{t(key, values)}</li>;
      })}
    </ul>
  );
}
