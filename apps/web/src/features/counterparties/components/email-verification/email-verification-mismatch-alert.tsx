import { useTranslation } from 'react-i18next';
import type { Counterparty } from '@kontor/domain/counterparties/counterparty-record';
import { formatIban } from '@kontor/domain/iban';
import { Alert } from '@/components/ui/alert';
import { useEmailVerifications } from '../../api/email-verifications';
import { findMismatches } from '../../model/email-verification-view';

/**
 * Loud on purpose (issue 6 item 4): the counterparty says it wants to be paid to another IBAN
 * than the one we hold, which is how payment fraud by a changed bank account shows itself.
 * Nothing while the runs load or fail: the per-account state shows those.
 */
export function EmailVerificationMismatchAlert({ counterparty }: { counterparty: Pick<Counterparty, 'id' | 'bankAccounts'> }) {
  const { t } = useTranslation('counterparty-verification');
  const runs = useEmailVerifications(counterparty.id);
  if (!runs.data) return null;
  const mismatches = findMismatches(runs.data.items, counterparty.bankAccounts);
  if (mismatches.length === 0) return null;
  return (
    <Alert tone="danger" className="border-2" data-testid="email-verification-mismatch">
      <p className="font-semibold">{t('detail.mismatchTitle')}</p>
      {mismatches.map(({ account, run }) => (
        <p key={run.id}>
          {t('detail.mismatchBody', {
            submitted: formatIban(run.submittedIban ?? ''),
            iban: formatIban(account.iban),
            account: account.name,
          })}
        </p>
      ))}
      <p className="text-foreground/80">{t('detail.mismatchHint')}</p>
    </Alert>
  );
}
