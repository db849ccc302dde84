import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { reasonBodySchema } from '@kontor/domain/invoices/invoice-schema';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { translateFieldMessage, zodErrorOptions } from '@/lib/form-errors';

const reasonSchema = reasonBodySchema.pick({ reason: true });

interface RejectApprovalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: string) => Promise<boolean>;
  isPending: boolean;
}

/** Rejecting needs a reason (SPEC §5); the same schema as the server checks it. */
export function RejectApprovalDialog({ open, onOpenChange, onConfirm, isPending }: RejectApprovalDialogProps) {
  const { t } = useTranslation(['invoice-detail', 'validation']);
  const form = useForm({ resolver: zodResolver(reasonSchema, zodErrorOptions), defaultValues: { reason: '' } });
  const error = translateFieldMessage(form.formState.errors.reason?.message);
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    if (await onConfirm(reason)) form.reset();
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('approval.rejectTitle')}</DialogTitle>
            <DialogDescription>{t('approval.rejectDescription')}</DialogDescription>
          </DialogHeader>
          <FormField id="reject-reason" label={t('approval.rejectReason')} error={error}>
            <textarea
              {...form.register('reason')}
              {...fieldAria('reject-reason', { error })}
              maxLength={1000}
              className="min-h-24 w-full rounded-md border border-border bg-surface px-3 py-2 text-sm focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 aria-[invalid=true]:border-danger"
            />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('approval.keep')}
            </Button>
            <Button type="submit" variant="destructive" isLoading={isPending}>
              {t('approval.confirmReject')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
