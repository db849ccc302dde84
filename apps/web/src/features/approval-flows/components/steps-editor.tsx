import { Plus } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Approver } from '@kontor/domain/approvals/approval-flow';
import { soleFinalApproverId } from '@kontor/domain/approvals/four-eyes';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { useSession } from '@/lib/session-context';
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
  const fourEyes = useFourEyesNotes(approvers);

  return (
    <section aria-labelledby="flow-steps-title" className="grid gap-4">
      <div className="grid gap-1">
        <h3 id="flow-steps-title" className="text-base font-semibold text-foreground">
          {t('steps.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('steps.description')}</p>
        {fourEyes.principle ? (
          <p className="text-sm text-muted-foreground" data-testid="flow-four-eyes-note">
            {fourEyes.principle}
          </p>
        ) : null}
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
          note={index === steps.fields.length - 1 ? fourEyes.soleFinalApprover : null}
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

/**
 * The four-eyes principle (issue 59) as the editor explains it while the organisation has it on:
 * what it means, and for a last step with one approver that this person cannot approve what
 * they uploaded or requested (a payment run: created), so someone else must then be added.
 */
function useFourEyesNotes(approvers: readonly Approver[]): { principle: string | null; soleFinalApprover: string | null } {
  const { t } = useTranslation('approval-flows');
  const session = useSession();
  const { control } = useFormContext<FlowFormValues>();
  const values = useWatch({ control, name: 'steps' });
  const type = useWatch({ control, name: 'type' });
  if (!session.organization.fourEyesApproval) return { principle: null, soleFinalApprover: null };
  const soleId = soleFinalApproverId(values ?? []);
  const name = approvers.find((approver) => approver.userId === soleId)?.name ?? null;
  return {
    principle: t('steps.fourEyes'),
    soleFinalApprover:
      name === null
        ? null
        : type === 'payment_run'
          ? t('steps.fourEyesSoleRunApprover', { name })
          : t('steps.fourEyesSoleInvoiceApprover', { name }),
  };
}
