import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { executiveRequestError } from '@kontor/domain/counterparties/executive-verification-api';
import type { RequiredVerifiersPolicy } from '@kontor/domain/counterparties/verification';
import { formatIban } from '@kontor/domain/iban';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session-context';
import { useRequestExecutiveVerification, useVerifierCandidates } from '../../api/executive-verifications';

interface Props {
  counterpartyId: string;
  account: { id: string; iban: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function PolicyHint({ policy }: { policy: RequiredVerifiersPolicy }) {
  const { t } = useTranslation('counterparty-executive');
  const text =
    policy === 'one'
      ? t('dialog.policy.one')
      : policy === 'all'
        ? t('dialog.policy.all')
        : t('dialog.policy.custom', { count: policy.custom });
  return <p className="text-sm text-muted-foreground">{text}</p>;
}

/**
 * Picks the verifiers among the team (the server leaves the requester out: nobody verifies their
 * own request). The same rule as the server (executiveRequestError: at least one, not oneself,
 * enough for the organisation's policy) is checked before sending, with the server's message;
 * the server checks again, since the policy may change in between.
 */
export function RequestExecutiveVerificationDialog({ counterpartyId, account, open, onOpenChange }: Props) {
  const { t } = useTranslation('counterparty-executive');
  const { t: tError } = useTranslation('errors');
  const session = useSession();
  const candidates = useVerifierCandidates(open);
  const request = useRequestExecutiveVerification(counterpartyId);
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();

  const close = (next: boolean) => {
    if (!next) {
      setSelected([]);
      setError(undefined);
    }
    onOpenChange(next);
  };

  const toggle = (id: string, checked: boolean) => {
    setError(undefined);
    setSelected((current) => (checked ? [...current, id] : current.filter((value) => value !== id)));
  };

  const submit = () => {
    if (!candidates.data) return;
    const problem = executiveRequestError(candidates.data.policy, selected, session.user.id);
    if (problem) {
      setError(tError(problem.code, { required: problem.required }));
      return;
    }
    request.mutate(
      { bankAccountId: account.id, verifierIds: selected },
      {
        onSuccess: () => {
          notifySuccess(t('toasts.requested', { count: selected.length }));
          close(false);
        },
        onError: (failure) => notifyError(failure, t('toasts.requestFailed')),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('dialog.title')}</DialogTitle>
          <DialogDescription>{t('dialog.description', { iban: formatIban(account.iban) })}</DialogDescription>
        </DialogHeader>
        {candidates.isPending ? (
          <Spinner size="sm" label={t('dialog.loadingTeam')} />
        ) : candidates.isError ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-danger" role="alert">
            {t('dialog.teamFailed')}
            <Button size="sm" variant="link" onClick={() => void candidates.refetch()} isLoading={candidates.isFetching}>
              {t('retry')}
            </Button>
          </p>
        ) : (
          <fieldset
            aria-labelledby="executive-verifiers-label"
            aria-describedby={error ? 'executive-verifiers-error' : undefined}
            className="grid gap-3"
          >
            <PolicyHint policy={candidates.data.policy} />
            <p id="executive-verifiers-label" className="text-sm font-medium text-foreground">
              {t('dialog.verifiers')}
            </p>
            {candidates.data.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('dialog.noMembers')}</p>
            ) : (
              <ul className="grid max-h-56 gap-2 overflow-y-auto">
                {candidates.data.items.map((member) => {
                  const optionId = `executive-verifier-${member.id}`;
                  return (
                    <li key={member.id} className="flex items-center gap-2">
                      <Checkbox
                        id={optionId}
                        checked={selected.includes(member.id)}
                        onCheckedChange={(checked) => toggle(member.id, checked === true)}
                      />
                      <label htmlFor={optionId} className="text-sm text-foreground">
                        {member.name}
                        {member.name !== member.email ? (
                          <span className="ml-1 text-muted-foreground">({member.email})</span>
                        ) : null}
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
            <FieldError id="executive-verifiers-error" message={error} />
          </fieldset>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            {t('dialog.cancel')}
          </Button>
          <Button onClick={submit} isLoading={request.isPending} disabled={!candidates.data}>
            {t('dialog.submit')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
