import { Trash2 } from 'lucide-react';
import { Controller, useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { APPROVAL_CONDITION_KINDS, type ApprovalConditionKind } from '@kontor/domain/approvals/approval-flow';
import { INVOICE_CURRENCIES } from '@kontor/domain/invoices/invoice-fields';
import { Button } from '@/components/ui/button';
import { DecimalInput } from '@/components/ui/decimal-input';
import { FieldError, fieldAria, FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { MONEY_INPUT } from '@/lib/decimal-input';
import { useCostCenters } from '@/lib/master-data/cost-centers';
import type { FlowFormValues } from '../model/flow-form';
import { CounterpartyPicker } from './counterparty-picker';
import { useFlowFieldError } from './field-error';
import { MultiCheckboxList } from './multi-checkbox-list';

interface ConditionFieldsetProps {
  index: number;
  onKindChange: (kind: ApprovalConditionKind) => void;
  onRemove: () => void;
}

type Path = FieldPath<FlowFormValues>;

/** One condition: its kind and the value that kind compares with. */
export function ConditionFieldset({ index, onKindChange, onRemove }: ConditionFieldsetProps) {
  const { t } = useTranslation('approval-flows');
  const { control } = useFormContext<FlowFormValues>();
  const kind = useWatch({ control, name: `conditions.${index}.kind` });
  // The server names the whole condition when what it points to is gone (a deleted cost centre).
  const conditionError = useFlowFieldError(`conditions.${index}`);
  const number = index + 1;
  const idPrefix = `flow-condition-${index}`;
  return (
    <fieldset
      aria-labelledby={`${idPrefix}-title`}
      className="grid min-w-0 gap-4 rounded-lg border border-border bg-surface p-4"
      data-testid="approval-condition"
    >
      <div className="flex items-center justify-between gap-2">
        <h4 id={`${idPrefix}-title`} className="text-sm font-semibold text-foreground">
          {t('conditions.condition', { index: number })}
        </h4>
        <Button variant="ghost" size="icon" onClick={onRemove} aria-label={t('conditions.remove', { index: number })}>
          <Trash2 aria-hidden="true" className="text-danger" />
        </Button>
      </div>
      <FormField id={`${idPrefix}-kind`} label={t('conditions.kind')} className="max-w-xs">
        <Select value={kind} onValueChange={(next) => onKindChange(next as ApprovalConditionKind)}>
          <SelectTrigger id={`${idPrefix}-kind`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {APPROVAL_CONDITION_KINDS.map((option) => (
              <SelectItem key={option} value={option}>
                {t(`conditions.kinds.${option}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      <ConditionValue index={index} kind={kind} idPrefix={idPrefix} />
      <FieldError id={`${idPrefix}-error`} message={conditionError} />
    </fieldset>
  );
}

function ConditionValue({ index, kind, idPrefix }: { index: number; kind: ApprovalConditionKind; idPrefix: string }) {
  const { t } = useTranslation('approval-flows');
  const { control } = useFormContext<FlowFormValues>();
  const costCenters = useCostCenters();
  // The union's members have different fields; each branch names the one its kind has.
  const amountPath = `conditions.${index}.amount` as Path;
  const costCentersPath = `conditions.${index}.costCenterIds` as Path;
  const counterpartiesPath = `conditions.${index}.counterpartyIds` as Path;
  const currenciesPath = `conditions.${index}.currencies` as Path;
  const amountCurrencyPath = `conditions.${index}.currency` as Path;
  const error = useFlowFieldError(
    kind === 'amount_above' || kind === 'amount_below'
      ? amountPath
      : kind === 'cost_center'
        ? costCentersPath
        : kind === 'counterparty'
          ? counterpartiesPath
          : currenciesPath,
  );
  const asIds = (value: unknown) =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

  switch (kind) {
    case 'amount_above':
    case 'amount_below':
      return (
        <div className="flex flex-wrap items-start gap-3">
          <FormField id={`${idPrefix}-amount`} label={t('conditions.amount')} error={error} className="max-w-xs">
            <Controller
              control={control}
              name={amountPath}
              render={({ field }) => (
                <DecimalInput
                  {...fieldAria(`${idPrefix}-amount`, { error })}
                  ref={field.ref}
                  name={field.name}
                  kind={MONEY_INPUT}
                  value={typeof field.value === 'number' ? field.value : null}
                  // Empty is NaN, not null: the schema then asks for a number like any unreadable text.
                  onValueChange={(next) => field.onChange(next ?? Number.NaN)}
                  onBlur={field.onBlur}
                  className="text-right tabular-nums"
                />
              )}
            />
          </FormField>
          {/* The threshold holds for invoices in this currency only: Kontor has no exchange rates. */}
          <FormField id={`${idPrefix}-amount-currency`} label={t('conditions.amountCurrency')} className="w-28">
            <Controller
              control={control}
              name={amountCurrencyPath}
              render={({ field }) => (
                <Select value={typeof field.value === 'string' ? field.value : 'EUR'} onValueChange={field.onChange}>
                  <SelectTrigger id={`${idPrefix}-amount-currency`}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {INVOICE_CURRENCIES.map((currency) => (
                      <SelectItem key={currency} value={currency}>
                        {currency}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
        </div>
      );
    case 'cost_center':
      if (costCenters.isPending) return <p className="text-sm text-muted-foreground">{t('steps.candidatesLoading')}</p>;
      if (costCenters.isError) return <p className="text-sm text-danger">{t('conditions.costCentersFailed')}</p>;
      if (costCenters.data.items.length === 0)
        return <p className="text-sm text-muted-foreground">{t('conditions.costCentersEmpty')}</p>;
      return (
        <Controller
          control={control}
          name={costCentersPath}
          render={({ field }) => (
            <MultiCheckboxList
              id={`${idPrefix}-cost-centers`}
              label={t('conditions.costCenters')}
              options={costCenters.data.items.map((costCenter) => ({
                value: costCenter.id,
                label: t('conditions.costCenterOption', {
                  type: costCenter.type,
                  code: costCenter.code,
                  name: costCenter.name,
                }),
              }))}
              value={asIds(field.value)}
              onChange={field.onChange}
              error={error}
            />
          )}
        />
      );
    case 'counterparty':
      return (
        <Controller
          control={control}
          name={counterpartiesPath}
          render={({ field }) => (
            <CounterpartyPicker
              id={`${idPrefix}-counterparty`}
              value={asIds(field.value)}
              onChange={field.onChange}
              error={error}
            />
          )}
        />
      );
    case 'currency':
      return (
        <Controller
          control={control}
          name={currenciesPath}
          render={({ field }) => (
            <MultiCheckboxList
              id={`${idPrefix}-currencies`}
              label={t('conditions.currencies')}
              options={INVOICE_CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
              value={asIds(field.value)}
              onChange={field.onChange}
              error={error}
              columns={3}
            />
          )}
        />
      );
  }
}
