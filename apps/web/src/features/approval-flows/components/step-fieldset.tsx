import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Approver } from '@kontor/domain/approvals/approval-flow';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError, fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toggleId, type FlowFormValues } from '../model/flow-form';
import { useFlowFieldError } from './field-error';

interface StepFieldsetProps {
  index: number;
  count: number;
  /** Members to choose from, plus former members still named in this flow. */
  approvers: Approver[];
  formerMemberIds: ReadonlySet<string>;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
  /** A note under the step (the four-eyes principle on a last step's only approver), or null. */
  note?: string | null;
}

/** One step: its approvers as a list of checkboxes (labelled by name) and the required count. */
export function StepFieldset({ index, count, approvers, formerMemberIds, onMove, onRemove, note }: StepFieldsetProps) {
  const { t } = useTranslation('approval-flows');
  const { control, register } = useFormContext<FlowFormValues>();
  const approverIds = useWatch({ control, name: `steps.${index}.approverIds` }) ?? [];
  const approversError = useFlowFieldError(`steps.${index}.approverIds`);
  const requiredError = useFlowFieldError(`steps.${index}.requiredApprovals`);
  const number = index + 1;
  const idPrefix = `flow-step-${index}`;

  return (
    <fieldset
      aria-labelledby={`${idPrefix}-title`}
      className="grid min-w-0 gap-4 rounded-lg border border-border bg-surface p-4"
      data-testid="approval-step"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${idPrefix}-title`} className="text-sm font-semibold text-foreground">
          {t('steps.step', { index: number })}
        </h4>
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="icon"
            disabled={index === 0}
            onClick={() => onMove(-1)}
            aria-label={t('steps.moveUp', { index: number })}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            aria-label={t('steps.moveDown', { index: number })}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            disabled={count === 1}
            onClick={onRemove}
            aria-label={t('steps.remove', { index: number })}
          >
            <Trash2 aria-hidden="true" className="text-danger" />
          </Button>
        </div>
      </div>
      <fieldset
        className="grid gap-2"
        aria-labelledby={`${idPrefix}-approvers`}
        aria-describedby={approversError ? `${idPrefix}-approvers-error` : undefined}
      >
        <p id={`${idPrefix}-approvers`} className="text-sm font-medium text-foreground">
          {t('steps.approvers')}
        </p>
        {approvers.length === 0 ? <p className="text-sm text-muted-foreground">{t('steps.noCandidates')}</p> : null}
        <Controller
          control={control}
          name={`steps.${index}.approverIds`}
          render={({ field }) => (
            <ul className="grid max-h-64 gap-2 overflow-y-auto sm:grid-cols-2">
              {approvers.map((approver) => {
                const id = `${idPrefix}-approver-${approver.userId}`;
                return (
                  <li key={approver.userId} className="flex items-start gap-2">
                    <Checkbox
                      id={id}
                      className="mt-0.5"
                      checked={field.value.includes(approver.userId)}
                      onCheckedChange={(checked) => field.onChange(toggleId(field.value, approver.userId, checked === true))}
                      aria-describedby={`${id}-email`}
                    />
                    <div className="grid min-w-0">
                      <label htmlFor={id} className="text-sm font-medium text-foreground">
                        {approver.name}
                      </label>
                      <span id={`${id}-email`} className="truncate text-xs text-muted-foreground">
                        {approver.email}
                        {formerMemberIds.has(approver.userId) ? ` · ${t('steps.formerMember')}` : null}
                      </span>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        />
        <FieldError id={`${idPrefix}-approvers-error`} message={approversError} />
      </fieldset>
      <FormField
        id={`${idPrefix}-required`}
        label={t('steps.requiredApprovals')}
        hint={t('steps.ofApprovers', { count: approverIds.length })}
        error={requiredError}
        className="max-w-xs"
      >
        <Input
          {...register(`steps.${index}.requiredApprovals`, { valueAsNumber: true })}
          {...fieldAria(`${idPrefix}-required`, { error: requiredError, hint: true })}
          type="number"
          min={1}
          max={Math.max(1, approverIds.length)}
          step={1}
          inputMode="numeric"
          className="w-28 tabular-nums"
        />
      </FormField>
      {note ? (
        <p className="text-sm text-muted-foreground" data-testid="step-four-eyes-note">
          {note}
        </p>
      ) : null}
    </fieldset>
  );
}
