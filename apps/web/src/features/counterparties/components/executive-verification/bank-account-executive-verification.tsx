import { Check, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExecutiveVerificationView } from '@kontor/domain/counterparties/executive-verification-api';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDecideExecutiveVerification, useExecutiveVerifications } from '../../api/executive-verifications';
import { latestExecutiveVerification } from '../../model/executive-verification-view';
import { ExecutiveVerificationBadge } from './executive-verification-badge';
import { RequestExecutiveVerificationDialog } from './request-executive-verification-dialog';

interface Props {
  counterpartyId: string;
  account: { id: string; iban: string };
  canManage: boolean;
}

function VerifierDecisions({ verification }: { verification: ExecutiveVerificationView }) {
  const { t } = useTranslation('counterparty-executive');
  const locale = currentLocale();
  return (
    <p className="basis-full text-xs text-muted-foreground">
      {verification.requestedBy
        ? `${t('requestedOn', { date: formatDate(verification.requestedAt, locale), name: verification.requestedBy.name })} · `
        : null}
      <span className="sr-only">{t('verifiersLabel')}: </span>
      {verification.verifiers
        .map((item) => t('verifierLine', { name: item.verifier.name, decision: t(`decision.${item.decision}`) }))
        .join(', ')}
    </p>
  );
}

/** One bank account's executive verification: its state, the decision buttons for a named verifier, and a new request. */
export function BankAccountExecutiveVerification({ counterpartyId, account, canManage }: Props) {
  const { t } = useTranslation('counterparty-executive');
  const verifications = useExecutiveVerifications(counterpartyId);
  const decide = useDecideExecutiveVerification(counterpartyId);
  const [isDialogOpen, setDialogOpen] = useState(false);

  if (verifications.isPending) return <Spinner size="sm" label={t('label')} />;
  if (verifications.isError && !verifications.data) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-danger" role="alert">
        {t('loadFailed')}
        <Button size="sm" variant="link" onClick={() => void verifications.refetch()} isLoading={verifications.isFetching}>
          {t('retry')}
        </Button>
      </p>
    );
  }

  const verification = latestExecutiveVerification(verifications.data.items, account);
  const onDecide = (decision: 'approved' | 'rejected') => {
    if (!verification) return;
    decide.mutate(
      { verificationId: verification.id, decision },
      {
        onSuccess: () => notifySuccess(t(decision === 'approved' ? 'toasts.approved' : 'toasts.rejected')),
        onError: (error) => notifyError(error, t('toasts.decisionFailed')),
      },
    );
  };
  const pendingDecision = decide.isPending ? decide.variables.decision : null;

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="bank-account-executive-verification">
      <span className="text-xs text-muted-foreground">{t('label')}:</span>
      <ExecutiveVerificationBadge verification={verification} />
      <span className="ml-auto inline-flex max-w-full flex-wrap items-center gap-2">
        {verification?.canDecide ? (
          <>
            <Button
              size="sm"
              onClick={() => onDecide('approved')}
              isLoading={pendingDecision === 'approved'}
              disabled={decide.isPending}
            >
              <Check aria-hidden="true" />
              {t('actions.approve')}
            </Button>
            <Button
              size="sm"
              variant="destructive"
              onClick={() => onDecide('rejected')}
              isLoading={pendingDecision === 'rejected'}
              disabled={decide.isPending}
            >
              <X aria-hidden="true" />
              {t('actions.reject')}
            </Button>
          </>
        ) : null}
        {canManage && verification?.outcome !== 'pending' ? (
          // Its German label is longer than a narrow card: it wraps rather than overflow.
          <Button
            size="sm"
            variant="outline"
            className="h-auto min-h-8 max-w-full py-1 text-left whitespace-normal"
            onClick={() => setDialogOpen(true)}
          >
            <ShieldCheck aria-hidden="true" />
            {verification ? t('actions.requestAgain') : t('actions.request')}
          </Button>
        ) : null}
      </span>
      {verification ? <VerifierDecisions verification={verification} /> : null}
      {canManage ? (
        <RequestExecutiveVerificationDialog
          counterpartyId={counterpartyId}
          account={account}
          open={isDialogOpen}
          onOpenChange={setDialogOpen}
        />
      ) : null}
    </div>
  );
}
