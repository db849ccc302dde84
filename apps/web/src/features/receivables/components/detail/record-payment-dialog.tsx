import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { arMarkPaidSchema } from '@kontor/domain/receivables/receivable-schema';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { DecimalInput } from '@/components/ui/decimal-input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-error';
import { MONEY_INPUT } from '@/lib/decimal-input';
import { translateFieldMessage, zodErrorOptions } from '@/lib/form-errors';
import { formatMoney } from '@/lib/format';
import { openAmountOf } from '../../model/receivable-display';
import { paymentDefaults, paymentLimitErrors, paymentOutcome, type PaymentValues } from '../../model/payment';

type PaymentErrors = Partial<Record<keyof PaymentValues, string>>;

interface RecordPaymentDialogProps {
  record: ArInvoice;
  today: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isPending: boolean;
  /** Resolves true when recorded; a refusal may put its message on a field through `showError`. */
  onConfirm: (values: { paidOn: string; amount: number }, showError: (error: unknown) => void) => Promise<boolean>;
}

/** Date and amount as the content of the open dialog: it starts afresh (today, the open amount) each time. */
function PaymentForm({
  record,
  today,
  isPending,
  onConfirm,
  onCancel,
}: Omit<RecordPaymentDialogProps, 'open' | 'onOpenChange'> & { onCancel: () => void }) {
  const { t } = useTranslation(['receivables', 'validation']);
  const [values, setValues] = useState<PaymentValues>(() => paymentDefaults(record, today));
  const [errors, setErrors] = useState<PaymentErrors>({});
  const open = Math.abs(openAmountOf(record));
  const money = (minor: number) => formatMoney(minor, record.currency);
  const outcome = paymentOutcome(record, values.amount);

  const change = (patch: Partial<PaymentValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors({});
  };

  const limitMessages = (limits: ReturnType<typeof paymentLimitErrors>): PaymentErrors => ({
    ...(limits.paidOn ? { paidOn: t('payment.paidInFuture') } : {}),
    ...(limits.amount ? { amount: t('payment.exceedsOpen', { open: money(open) }) } : {}),
  });

  /** The server's field errors onto the fields; its raw "exceeds_open" gets the dialog's own sentence. */
  const showError = (error: unknown) => {
    if (!isApiError(error) || !error.fieldErrors) return;
    const found: PaymentErrors = {};
    for (const field of ['paidOn', 'amount'] as const) {
      const message = error.fieldErrors[field]?.[0];
      if (!message) continue;
      found[field] =
        message === 'exceeds_open' ? t('payment.exceedsOpen', { open: money(open) }) : translateFieldMessage(message);
    }
    setErrors(found);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = arMarkPaidSchema.safeParse(values, zodErrorOptions);
    const found: PaymentErrors = limitMessages(paymentLimitErrors(record, values, today));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'paidOn' || field === 'amount') && !found[field]) found[field] = translateFieldMessage(issue.message);
      }
    }
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    await onConfirm(parsed.data, showError);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{t('payment.title')}</DialogTitle>
        <DialogDescription>
          {t('payment.description', { open: money(open), total: money(Math.abs(record.totalAmount)) })}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="payment-paid-on" label={t('payment.paidOn')} error={errors.paidOn}>
          <DateInput
            {...fieldAria('payment-paid-on', { error: errors.paidOn })}
            value={values.paidOn}
            onValueChange={(paidOn) => change({ paidOn })}
          />
        </FormField>
        <FormField id="payment-amount" label={t('payment.amount')} error={errors.amount}>
          <DecimalInput
            {...fieldAria('payment-amount', { error: errors.amount })}
            kind={MONEY_INPUT}
            value={values.amount}
            onValueChange={(amount) => change({ amount })}
            className="text-right tabular-nums"
          />
        </FormField>
      </div>
      {outcome ? (
        <p className="text-sm text-muted-foreground" role="status" data-testid="payment-outcome">
          {outcome === 'paid'
            ? t('payment.outcomePaid')
            : t('payment.outcomePartial', { rest: money(open - (values.amount ?? 0)) })}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('payment.cancel')}
        </Button>
        <Button type="submit" isLoading={isPending}>
          {t('payment.confirm')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Money received: the date (today unless said otherwise) and the amount (the open amount unless less came in). */
export function RecordPaymentDialog({ open, onOpenChange, ...props }: RecordPaymentDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="record-payment-dialog">
        <PaymentForm {...props} onCancel={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
