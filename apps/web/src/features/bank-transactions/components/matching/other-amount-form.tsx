import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DecimalInput } from '@/components/ui/decimal-input';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { MONEY_INPUT } from '@/lib/decimal-input';
import { formatMoney } from '@/lib/format';

/** Another amount than proposed for a one-part proposal (a partial payment), from 0,01 up to `max`. */
export function OtherAmountForm({
  label,
  proposed,
  max,
  currency,
  isPending,
  onSubmit,
  onCancel,
}: {
  label: string;
  proposed: number;
  max: number;
  currency: string;
  isPending: boolean;
  onSubmit: (amount: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('bank-transactions');
  const amountId = useId();
  const [amount, setAmount] = useState<number | null>(proposed);
  const [amountError, setAmountError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (amount === null || !Number.isInteger(amount) || amount <= 0 || amount > max) {
      setAmountError(t('detail.proposals.otherAmountInvalid', { max: formatMoney(max, currency) }));
      return;
    }
    setAmountError(undefined);
    onSubmit(amount);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-2">
      <FormField
        id={amountId}
        label={label}
        hint={t('detail.proposals.otherAmountHint', { max: formatMoney(max, currency) })}
        error={amountError}
      >
        <DecimalInput
          {...fieldAria(amountId, { error: amountError, hint: true })}
          kind={MONEY_INPUT}
          value={amount}
          onValueChange={(next) => {
            setAmount(next);
            setAmountError(undefined);
          }}
          className="max-w-xs text-right tabular-nums"
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" isLoading={isPending}>
          {t('detail.proposals.matchAmount')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {t('detail.proposals.cancel')}
        </Button>
      </div>
    </form>
  );
}
