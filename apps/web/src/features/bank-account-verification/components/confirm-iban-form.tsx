import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-error';
import { notifyError } from '@/lib/notify';
import { useConfirmIban } from '../api/public-verification';
import { confirmIbanResolver, REPEAT_MISMATCH, type ConfirmIbanValues } from '../model/confirm-iban-form';

export type ConfirmOutcome = 'confirmed' | 'used' | 'expired' | 'not_found';

const OUTCOME_BY_CODE: Record<string, ConfirmOutcome> = {
  verification_token_used: 'used',
  verification_token_expired: 'expired',
  verification_token_not_found: 'not_found',
};

/** The IBAN the counterparty expects to be paid to, typed twice; the page changes to the outcome. */
export function ConfirmIbanForm({ token, onDone }: { token: string; onDone: (outcome: ConfirmOutcome) => void }) {
  const { t } = useTranslation('counterparty-verification');
  const id = useId();
  const confirm = useConfirmIban(token);
  const form = useForm<ConfirmIbanValues, unknown, { iban: string }>({
    resolver: confirmIbanResolver,
    defaultValues: { iban: '', ibanRepeat: '' },
  });
  const ibanError = form.formState.errors.iban?.message;
  const repeatMessage = form.formState.errors.ibanRepeat?.message;
  const repeatError = repeatMessage === REPEAT_MISMATCH ? t('public.repeatMismatch') : repeatMessage;

  const submit = form.handleSubmit((values) =>
    confirm.mutateAsync(values.iban).then(
      () => onDone('confirmed'),
      (error: unknown) => {
        const outcome = isApiError(error) ? OUTCOME_BY_CODE[error.code] : undefined;
        if (outcome) return onDone(outcome);
        const serverIbanError = isApiError(error) ? error.fieldErrors?.iban?.[0] : undefined;
        if (serverIbanError) return form.setError('iban', { message: serverIbanError });
        notifyError(error, t('public.submitFailed'));
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label={t('public.title')}>
      <FormField id={`${id}-iban`} label={t('public.ibanLabel')} hint={t('public.ibanHint')} error={ibanError}>
        <Input
          {...form.register('iban')}
          {...fieldAria(`${id}-iban`, { error: ibanError, hint: true })}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          maxLength={50}
          autoFocus
        />
      </FormField>
      <FormField id={`${id}-repeat`} label={t('public.ibanRepeatLabel')} error={repeatError}>
        <Input
          {...form.register('ibanRepeat')}
          {...fieldAria(`${id}-repeat`, { error: repeatError })}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          maxLength={50}
          // Typing it again is the point: pasting the first field would carry its typo along.
          onPaste={(event) => event.preventDefault()}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" isLoading={confirm.isPending}>
          {t('public.submit')}
        </Button>
      </div>
    </form>
  );
}
