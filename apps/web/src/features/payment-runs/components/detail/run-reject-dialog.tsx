import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { paymentRunRejectBodySchema } from '@kontor/domain/payments/payment-run-api';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { translateFieldMessage, zodErrorOptions } from '@/lib/form-errors';

const reasonSchema = paymentRunRejectBodySchema.pick({ reason: true });

interface RunRejectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: string) => Promise<boolean>;
  isPending: boolean;
}

/** Rejecting a run needs a reason; the server's schema checks it here too. */
export function RunRejectDialog({ open, onOpenChange, onConfirm, isPending }: RunRejectDialogProps) {
  // The validation namespace must be loaded for translateFieldMessage to find the rule texts.
  const { t } = useTranslation(['payment-runs', 'validation']);
  const form = useForm({ resolver: zodResolver(reasonSchema, zodErrorOptions), defaultValues: { reason: '' } });
  const error = translateFieldMessage(form.formState.errors.reason?.message);
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    if (await onConfirm(reason)) form.reset();
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="run-reject-dialog">
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('actions.rejectTitle')}</DialogTitle>
            <DialogDescription>{t('actions.rejectDescription')}</DialogDescription>
          </DialogHeader>
          <FormField id="run-reject-reason" label={t('actions.rejectReason')} error={error}>
            <textarea
              {...form.register('reason')}
              {...fieldAria('run-reject-reason', { error })}
              maxLength={1000}
              className="min-h-24 w-full rounded-md border border-border bg-surface px-3 py-2 text-sm focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 aria-[invalid=true]:border-danger"
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('actions.keep')}
            </Button>
            <Button type="submit" variant="destructive" isLoading={isPending}>
              {t('actions.confirmReject')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
