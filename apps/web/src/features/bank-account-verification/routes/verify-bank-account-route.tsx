import { CircleCheck, Clock, FileQuestion, LinkIcon } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PublicLayout } from '@/components/public-layout';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { isApiError } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { usePublicVerification } from '../api/public-verification';
import { ConfirmIbanForm, type ConfirmOutcome } from '../components/confirm-iban-form';

function Outcome({
  icon: Icon,
  title,
  body,
  tone,
}: {
  icon: ComponentType<{ className?: string }>;
  title: string;
  body: string;
  tone: 'success' | 'muted';
}) {
  return (
    <div className="grid justify-items-center gap-3 py-6 text-center" role="status" data-testid="verification-outcome">
      <Icon aria-hidden="true" className={tone === 'success' ? 'size-10 text-success' : 'size-10 text-muted-foreground'} />
      <h1 className="text-xl font-semibold text-primary">{title}</h1>
      <p className="max-w-md text-sm text-muted-foreground">{body}</p>
    </div>
  );
}

/**
 * /verify-bank-account/:token (public, no login): the counterparty types the IBAN it expects to be
 * paid to. The page never shows the IBAN the organisation holds, and its thank-you does not say
 * whether the IBANs matched: the person at the other end may not be the counterparty.
 */
export function VerifyBankAccountRoute() {
  const { t } = useTranslation('counterparty-verification');
  const token = useParams().token ?? '';
  const query = usePublicVerification(token);
  const [outcome, setOutcome] = useState<ConfirmOutcome | null>(null);
  const organization = query.data?.organizationName ?? '';

  let body;
  if (outcome === 'confirmed') {
    body = <Outcome icon={CircleCheck} tone="success" title={t('public.thanksTitle')} body={t('public.thanksBody')} />;
  } else if (query.isPending) {
    body = <LoadingState label={t('public.loading')} />;
  } else if (outcome === 'not_found' || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    body = <Outcome icon={FileQuestion} tone="muted" title={t('public.notFoundTitle')} body={t('public.notFoundBody')} />;
  } else if (query.isError) {
    body = (
      <ErrorState
        title={t('public.loadFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (outcome === 'used' || query.data.state === 'used') {
    body = <Outcome icon={LinkIcon} tone="muted" title={t('public.usedTitle')} body={t('public.usedBody', { organization })} />;
  } else if (outcome === 'expired' || query.data.state === 'expired') {
    body = (
      <Outcome icon={Clock} tone="muted" title={t('public.expiredTitle')} body={t('public.expiredBody', { organization })} />
    );
  } else {
    body = (
      <div className="grid gap-6">
        <header className="grid gap-2">
          <h1 className="text-2xl font-semibold text-primary">{t('public.title')}</h1>
          <p className="text-sm text-foreground/90" data-testid="verification-intro">
            {t('public.intro', { organization, counterparty: query.data.counterpartyName })}
          </p>
          <p className="text-xs text-muted-foreground">
            {t('public.validUntil', { date: formatDate(query.data.expiresAt, currentLocale()) })}
          </p>
        </header>
        <ConfirmIbanForm token={token} onDone={setOutcome} />
      </div>
    );
  }

  return (
    <PublicLayout>
      <section className="mx-auto grid max-w-xl gap-6 rounded-lg border border-border bg-surface p-6 sm:p-10">{body}</section>
    </PublicLayout>
  );
}
