import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { PaymentRun } from '@kontor/domain/payments/payment-run-api';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { RadioGroup } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { hasErrorCode } from '@/lib/api-error';
import { formatMoney } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { useSession } from '@/lib/session-context';
import { useAddTransactionToRun, useOpenRunsFor, type RunChoice } from '../../api/add-to-run';
import { paymentRunLabel, paymentRunUrl } from '../../model/payment-run-paths';
import { NEW_RUN_CHOICE, NewRunChoice, OpenRunChoice } from './open-run-choices';

export interface PaymentToAdd {
  id: string;
  amount: number;
  currency: string;
}

interface AddToRunDialogProps {
  payment: PaymentToAdd;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded?: (run: PaymentRun) => void;
}

/**
 * A new run or one of the open runs for one payment. On failure the toast says why, the open runs
 * are loaded again (the chosen one may have moved on) and the dialog stays for another choice.
 */
export function AddToRunDialog({ payment, open, onOpenChange, onAdded }: AddToRunDialogProps) {
  const { t } = useTranslation('payment-runs');
  const { t: tCommon } = useTranslation('common');
  const slug = useSession().organization.slug;
  const navigate = useNavigate();
  const runs = useOpenRunsFor(payment.id, open);
  const add = useAddTransactionToRun(payment.id);
  const [picked, setPicked] = useState<string>(NEW_RUN_CHOICE);
  const [newRunName, setNewRunName] = useState('');
  const openRuns = runs.data?.items ?? [];
  // A run that left the list (approval requested, deleted) cannot stay chosen.
  const chosen = picked === NEW_RUN_CHOICE || openRuns.some((run) => run.id === picked) ? picked : null;

  const toChoice = (value: string): RunChoice | null => {
    if (value === NEW_RUN_CHOICE) return { kind: 'new', name: newRunName.trim() || undefined };
    const run = openRuns.find((candidate) => candidate.id === value);
    return run ? { kind: 'existing', runId: run.id, version: run.version } : null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const choice = chosen ? toChoice(chosen) : null;
    if (!choice) return;
    try {
      const run = await add.mutateAsync(choice);
      const label = paymentRunLabel(run.number);
      toast.success(choice.kind === 'new' ? t('addToRun.created', { label }) : t('addToRun.added', { label }), {
        action: { label: t('addToRun.openRun'), onClick: () => void navigate(paymentRunUrl(slug, run.id)) },
      });
      onOpenChange(false);
      onAdded?.(run);
    } catch (error) {
      // The open runs are loaded again meanwhile, so "reload" (the generic advice) is not needed.
      if (hasErrorCode(error, 'stale_version')) toast.error(t('addToRun.failed'), { description: t('addToRun.runChanged') });
      else notifyError(error, t('addToRun.failed'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="add-to-run-dialog">
        <form onSubmit={(event) => void submit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('addToRun.title')}</DialogTitle>
            <DialogDescription>
              {t('addToRun.description', { amount: formatMoney(payment.amount, payment.currency) })}
            </DialogDescription>
          </DialogHeader>
          <RadioGroup
            value={chosen ?? ''}
            onValueChange={setPicked}
            aria-label={t('addToRun.choiceLabel')}
            className="grid max-h-80 gap-3 overflow-y-auto"
          >
            <NewRunChoice />
            {chosen === NEW_RUN_CHOICE ? (
              <FormField id="add-to-run-name" label={t('create.name')} hint={t('create.nameHint')} className="pl-7">
                <Input
                  id="add-to-run-name"
                  value={newRunName}
                  maxLength={100}
                  onChange={(event) => setNewRunName(event.target.value)}
                />
              </FormField>
            ) : null}
            <p className="text-sm font-medium text-foreground">{t('addToRun.openRuns')}</p>
            {openRuns.map((run) => (
              <OpenRunChoice key={run.id} run={run} />
            ))}
            <OpenRunsState
              isPending={runs.isPending}
              isError={runs.isError}
              isEmpty={runs.isSuccess && openRuns.length === 0}
              isRetrying={runs.isFetching}
              onRetry={() => void runs.refetch()}
            />
          </RadioGroup>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {tCommon('actions.cancel')}
            </Button>
            <Button type="submit" isLoading={add.isPending} disabled={chosen === null} data-testid="confirm-add-to-run">
              {t('addToRun.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Loading, failed (with retry) or empty: what the list of open runs says when it shows no runs. */
function OpenRunsState(props: {
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  isRetrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('payment-runs');
  const { t: tCommon } = useTranslation('common');
  if (props.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner size="sm" />
        {t('addToRun.loading')}
      </p>
    );
  }
  if (props.isError) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm text-danger" role="alert">
        {t('addToRun.loadFailed')}
        <Button type="button" size="sm" variant="outline" isLoading={props.isRetrying} onClick={props.onRetry}>
          {tCommon('actions.retry')}
        </Button>
      </div>
    );
  }
  return props.isEmpty ? <p className="text-sm text-muted-foreground">{t('addToRun.noOpenRuns')}</p> : null;
}
