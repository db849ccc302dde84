import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  PAYMENT_STRATEGIES,
  updateOrganizationBodySchema,
  type Organization,
  type PaymentRunCreationStrategy,
} from '@kontor/domain/organization';
import { fieldAria, FieldError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { zodErrorOptions } from '@/lib/form-errors';
import { SettingsSection } from './settings-section';
import { useSaveOrganization } from './use-save-organization';
import { IncludeAllDueCheckbox, WeekdayPicker } from './weekday-picker';

const schema = updateOrganizationBodySchema.pick({ paymentRunCreationStrategy: true, paymentStrategy: true }).required();
type PaymentValues = z.infer<typeof schema>;
type StrategyMode = PaymentRunCreationStrategy['mode'];

const MODES: readonly StrategyMode[] = ['disabled', 'days_before_due', 'scheduled_weekdays'];

/** What each mode starts with when chosen: what the user typed before, else sensible defaults. */
interface StrategyMemory {
  daysBeforeDue: number;
  weekdays: number[];
  includeAllDueUntilNextRun: boolean;
}

function rememberStrategy(strategy: PaymentRunCreationStrategy, memory: StrategyMemory): StrategyMemory {
  if (strategy.mode === 'days_before_due') return { ...memory, daysBeforeDue: strategy.daysBeforeDue };
  if (strategy.mode === 'scheduled_weekdays') {
    return { ...memory, weekdays: strategy.weekdays, includeAllDueUntilNextRun: strategy.includeAllDueUntilNextRun };
  }
  return memory;
}

export function strategyForMode(mode: StrategyMode, memory: StrategyMemory): PaymentRunCreationStrategy {
  switch (mode) {
    case 'disabled':
      return { mode };
    case 'days_before_due':
      return { mode, daysBeforeDue: memory.daysBeforeDue };
    case 'scheduled_weekdays':
      return { mode, weekdays: memory.weekdays, includeAllDueUntilNextRun: memory.includeAllDueUntilNextRun };
  }
}

/** SPEC §9: automatic payment-run creation and when payments are made. */
export function PaymentSettingsForm({ organization }: { organization: Organization }) {
  const { t } = useTranslation('organization');
  const { save, isSaving } = useSaveOrganization(organization);
  const values = useMemo<PaymentValues>(
    () => ({
      paymentRunCreationStrategy: organization.paymentRunCreationStrategy,
      paymentStrategy: organization.paymentStrategy,
    }),
    [organization.paymentRunCreationStrategy, organization.paymentStrategy],
  );
  const form = useForm<PaymentValues>({
    resolver: zodResolver(schema, zodErrorOptions),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const strategy = useWatch({ control: form.control, name: 'paymentRunCreationStrategy' });
  const memory = useRef<StrategyMemory>(
    rememberStrategy(organization.paymentRunCreationStrategy, {
      daysBeforeDue: 3,
      weekdays: [2, 4],
      includeAllDueUntilNextRun: false,
    }),
  );
  // Passing formState subscribes this form to error changes; getFieldState reads inside the union.
  const daysError = form.getFieldState('paymentRunCreationStrategy.daysBeforeDue', form.formState).error?.message;
  const weekdaysState = form.getFieldState('paymentRunCreationStrategy.weekdays', form.formState).error;
  const weekdaysError = weekdaysState?.message ?? weekdaysState?.root?.message;

  const chooseMode = (mode: string) => {
    const next = MODES.find((candidate) => candidate === mode);
    if (!next) return;
    memory.current = rememberStrategy(form.getValues('paymentRunCreationStrategy'), memory.current);
    form.setValue('paymentRunCreationStrategy', strategyForMode(next, memory.current), {
      shouldDirty: true,
      shouldValidate: false,
    });
    form.clearErrors('paymentRunCreationStrategy');
  };

  const onSubmit = form.handleSubmit(async (changes) => {
    if (await save(changes)) form.reset(changes);
  });

  return (
    <SettingsSection
      id="payments"
      title={t('general.payments.title')}
      description={t('general.payments.description')}
      onSubmit={onSubmit}
      isSaving={isSaving}
      isDirty={form.formState.isDirty}
    >
      <fieldset className="grid gap-4">
        <legend id="payment-run-mode-label" className="mb-3 text-sm font-semibold">
          {t('general.payments.creation.label')}
        </legend>
        <RadioGroup aria-labelledby="payment-run-mode-label" value={strategy.mode} onValueChange={chooseMode}>
          {MODES.map((mode) => (
            <div key={mode} className="flex items-start gap-3">
              <RadioGroupItem id={`payment-run-mode-${mode}`} value={mode} />
              <div className="grid gap-1">
                <Label htmlFor={`payment-run-mode-${mode}`}>{t(`general.payments.creation.modes.${mode}`)}</Label>
                <p className="text-xs text-muted-foreground">{t(`general.payments.creation.hints.${mode}`)}</p>
              </div>
            </div>
          ))}
        </RadioGroup>

        {strategy.mode === 'days_before_due' ? (
          <FormField
            id="days-before-due"
            label={t('general.payments.creation.daysLabel')}
            hint={t('general.payments.creation.daysHint')}
            error={daysError}
            className="max-w-xs pl-7"
          >
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={60}
              step={1}
              {...form.register('paymentRunCreationStrategy.daysBeforeDue', { valueAsNumber: true })}
              {...fieldAria('days-before-due', { error: daysError, hint: true })}
            />
          </FormField>
        ) : null}

        {strategy.mode === 'scheduled_weekdays' ? (
          <div className="grid gap-4 pl-7">
            <Controller
              control={form.control}
              name="paymentRunCreationStrategy.weekdays"
              render={({ field }) => <WeekdayPicker value={field.value} onChange={field.onChange} />}
            />
            <FieldError message={weekdaysError} />
            <Controller
              control={form.control}
              name="paymentRunCreationStrategy.includeAllDueUntilNextRun"
              render={({ field }) => <IncludeAllDueCheckbox checked={field.value} onCheckedChange={field.onChange} />}
            />
          </div>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-3">
        <legend id="payment-strategy-label" className="mb-3 w-full border-t border-border pt-5 text-sm font-semibold">
          {t('general.payments.strategy.label')}
        </legend>
        <Controller
          control={form.control}
          name="paymentStrategy"
          render={({ field }) => (
            <RadioGroup aria-labelledby="payment-strategy-label" value={field.value} onValueChange={field.onChange}>
              {PAYMENT_STRATEGIES.map((option) => (
                <div key={option} className="flex items-start gap-3">
                  <RadioGroupItem id={`payment-strategy-${option}`} value={option} />
                  <Label htmlFor={`payment-strategy-${option}`}>{t(`general.payments.strategy.options.${option}`)}</Label>
                </div>
              ))}
            </RadioGroup>
          )}
        />
      </fieldset>
    </SettingsSection>
  );
}
