import { Plus } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Approver } from '@kontor/domain/approvals/approval-flow';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { emptyStep, MAX_APPROVAL_STEPS, type FlowFormValues } from '../model/flow-form';
import { useFlowFieldError } from './field-error';
import { StepFieldset } from './step-fieldset';

interface StepsEditorProps {
  approvers: Approver[];
  formerMemberIds: ReadonlySet<string>;
  /** Shown instead of the checkboxes while the members load or when they failed. */
  candidatesNotice: string | null;
}

/** The ordered steps: add, remove and move; each step picks its approvers. */
export function StepsEditor({ approvers, formerMemberIds, candidatesNotice }: StepsEditorProps) {
  const { t } = useTranslation('approval-flows');
  const { control } = useFormContext<FlowFormValues>();
  const steps = useFieldArray({ control, name: 'steps' });
  const stepsError = useFlowFieldError('steps');
  const isFull = steps.fields.length >= MAX_APPROVAL_STEPS;

  return (
    <section aria-labelledby="flow-steps-title" className="grid gap-4">
      <div className="grid gap-1">
        <h3 id="flow-steps-title" className="text-base font-semibold text-foreground">
          {t('steps.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('steps.description')}</p>
      </div>
      {candidatesNotice ? <p className="text-sm text-muted-foreground">{candidatesNotice}</p> : null}
      {steps.fields.map((field, index) => (
        <StepFieldset
          key={field.id}
          index={index}
          count={steps.fields.length}
          approvers={approvers}
          formerMemberIds={formerMemberIds}
          onMove={(direction) => steps.move(index, index + direction)}
          onRemove={() => steps.remove(index)}
        />
      ))}
      <FieldError id="flow-steps-error" message={stepsError} />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={() => steps.append(emptyStep())} disabled={isFull}>
          <Plus aria-hidden="true" />
          {t('steps.add')}
        </Button>
        {isFull ? <span className="text-xs text-muted-foreground">{t('steps.max', { max: MAX_APPROVAL_STEPS })}</span> : null}
      </div>
    </section>
  );
}
