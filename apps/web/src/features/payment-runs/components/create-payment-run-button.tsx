import { ListChecks } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createPaymentRunBodySchema } from '@kontor/domain/payments/payment-run-api';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { translateFieldMessage } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session-context';
import { useCreatePaymentRun } from '../api/payment-run-mutations';
import { paymentRunUrl } from '../model/payment-run-paths';

export interface CreatePaymentRunButtonProps {
  transactionIds: string[];
  onCreated?: () => void;
}

/**
 * "Create payment run" for the selected open transactions: an optional name, then POST and on to
 * the new run. The server checks every rule (open, not in another run, same organisation).
 */
export function CreatePaymentRunButton({ transactionIds, onCreated }: CreatePaymentRunButtonProps) {
  // The validation namespace must be loaded for translateFieldMessage to find the rule texts.
  const { t } = useTranslation(['payment-runs', 'validation']);
  const { t: tCommon } = useTranslation('common');
  const session = useSession();
  const navigate = useNavigate();
  const create = useCreatePaymentRun();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();

  const close = (isOpen: boolean) => {
    setOpen(isOpen);
    if (!isOpen) {
      setName('');
      setNameError(undefined);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createPaymentRunBodySchema.safeParse({ transactionIds, name: name.trim() || undefined });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'name') setNameError(translateFieldMessage(issue.message));
      else notifyError(parsed.error, t('create.failed'));
      return;
    }
    try {
      const run = await create.mutateAsync(parsed.data);
      notifySuccess(t('create.created', { number: run.number, count: run.transactionCount }));
      close(false);
      onCreated?.();
      await navigate(paymentRunUrl(session.organization.slug, run.id));
    } catch (error) {
      notifyError(error, t('create.failed'));
    }
  };

  return (
    <>
      <Button
        onClick={() => setOpen(true)}
        disabled={transactionIds.length === 0}
        title={transactionIds.length === 0 ? t('create.selectFirst') : undefined}
        data-testid="create-payment-run"
      >
        <ListChecks aria-hidden="true" />
        {t('create.button', { count: transactionIds.length })}
      </Button>
      <Dialog open={open} onOpenChange={close}>
        <DialogContent data-testid="create-payment-run-dialog">
          <form onSubmit={(event) => void submit(event)} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t('create.title')}</DialogTitle>
              <DialogDescription>{t('create.description', { count: transactionIds.length })}</DialogDescription>
            </DialogHeader>
            <FormField id="payment-run-name" label={t('create.name')} hint={t('create.nameHint')} error={nameError}>
              <Input
                id="payment-run-name"
                value={name}
                maxLength={100}
                aria-describedby="payment-run-name-hint payment-run-name-error"
                aria-invalid={nameError ? true : undefined}
                onChange={(event) => {
                  setName(event.target.value);
                  setNameError(undefined);
                }}
              />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                {tCommon('actions.cancel')}
              </Button>
              <Button type="submit" isLoading={create.isPending}>
                {t('create.confirm')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
