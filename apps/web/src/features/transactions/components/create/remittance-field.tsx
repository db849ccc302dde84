import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { REMITTANCE_MAX_LENGTH } from '@kontor/domain/invoices/invoice-fields';
import { useFieldError } from '@/components/form-controls';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** SEPA remittance information with a live "12 / 33 characters" counter (SPEC §5: shorter than 34). */
export function RemittanceField({ id }: { id: string }) {
  const { t } = useTranslation('transactions');
  const { register, control } = useFormContext<{ remittanceInformation: string }>();
  const value = useWatch({ control, name: 'remittanceInformation' }) ?? '';
  const error = useFieldError('remittanceInformation');
  const isTooLong = value.length > REMITTANCE_MAX_LENGTH;
  return (
    <FormField
      id={id}
      label={t('create.remittance')}
      error={error}
      hint={
        <span className={cn('tabular-nums', isTooLong && 'font-medium text-danger')} data-testid="remittance-counter">
          {t('create.remittanceCounter', { used: value.length, max: REMITTANCE_MAX_LENGTH })}
        </span>
      }
    >
      <Input {...register('remittanceInformation')} {...fieldAria(id, { error, hint: true })} autoComplete="off" />
    </FormField>
  );
}
