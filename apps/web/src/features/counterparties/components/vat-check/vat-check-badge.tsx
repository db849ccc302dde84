import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Counterparty } from '@kontor/domain/counterparties/counterparty-record';
import type { VatCheckState } from '@kontor/domain/counterparties/vat-check';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, formatDateTime } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session-context';
import { useCheckVatAgain } from '../../api/vat-check';
import { canManageCounterparties } from '../../model/counterparty-permissions';
import { vatCheckTone } from '../../model/executive-verification-view';

function useVatCheckText(state: VatCheckState): string {
  const { t } = useTranslation('counterparty-vat');
  const locale = currentLocale();
  switch (state.status) {
    case 'validated':
      return t('status.validated', { date: formatDate(state.validatedAt, locale) });
    case 'pending':
      return t('status.pending');
    case 'failed':
      return state.nextRetryAt
        ? t('status.failedRetrying', { time: formatDateTime(state.nextRetryAt, locale) })
        : t('status.failed');
    case 'invalid':
      return t('status.invalid', { reason: t(`reasons.${state.reason}`) });
  }
}

function VatCheckStateBadge({ state }: { state: VatCheckState }) {
  const { t } = useTranslation('counterparty-vat');
  const text = useVatCheckText(state);
  return (
    <Badge
      tone={vatCheckTone(state)}
      data-testid="vat-check-status"
      data-status={state.status}
      title={state.status === 'failed' && !state.nextRetryAt ? t('failedHint', { count: state.attempts }) : undefined}
    >
      <span className="sr-only">{t('label')}: </span>
      {text}
    </Badge>
  );
}

/** Beside the VAT number (SPEC §4): validated on a date, pending, failed (retrying at …), invalid – why; and "check again". */
export function VatCheckBadge({ counterparty }: { counterparty: Pick<Counterparty, 'id' | 'vatNumber' | 'vatCheck'> }) {
  const { t } = useTranslation('counterparty-vat');
  const session = useSession();
  const checkAgain = useCheckVatAgain(counterparty.id);
  if (!counterparty.vatNumber) return null;

  const onCheckAgain = () =>
    checkAgain.mutate(undefined, {
      onSuccess: (answer) => notifySuccess(t(answer.vatCheck.status === 'pending' ? 'checkQueued' : 'checkDone')),
      onError: (error) => notifyError(error, t('checkFailed')),
    });

  return (
    <span className="ml-2 inline-flex flex-wrap items-center gap-2 align-middle">
      {counterparty.vatCheck ? <VatCheckStateBadge state={counterparty.vatCheck} /> : null}
      {canManageCounterparties(session) ? (
        <Button size="sm" variant="link" className="h-auto px-0" onClick={onCheckAgain} isLoading={checkAgain.isPending}>
          <RefreshCw aria-hidden="true" />
          {t('checkAgain')}
        </Button>
      ) : null}
    </span>
  );
}
