import { useMemo } from 'react';
import { Controller, FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  APPROVAL_FLOW_TYPES,
  type ApprovalFlow,
  type ApprovalFlowType,
  type Approver,
} from '@kontor/domain/approvals/approval-flow';
import { StaleEditDialog } from '@/components/stale-edit-dialog';
import { FormErrorAlerts, FormFooter } from '@/components/form-footer';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Switch } from '@/components/ui/switch';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useLeaveAfterSave } from '@/lib/use-leave-after-save';
import { useApproverCandidates } from '../api/list-approver-candidates';
import { ConditionsEditor } from './conditions-editor';
import { StepsEditor } from './steps-editor';
import { useFlowEditor } from './use-flow-editor';

interface FlowEditorProps {
  /** null creates a new flow. */
  flow: ApprovalFlow | null;
  initialType: ApprovalFlowType;
  listPath: string;
}

/** Name, type, default flag, steps and conditions of one flow, validated with the server's schema. */
export function FlowEditor({ flow, initialType, listPath }: FlowEditorProps) {
  const { t } = useTranslation(['approval-flows', 'validation']);
  const navigate = useNavigate();
  const { isLeaving, leaveTo } = useLeaveAfterSave();
  const editor = useFlowEditor(flow, initialType, () => leaveTo(listPath));
  const { form } = editor;
  const { isDirty, errors, submitCount } = form.formState;
  const candidates = useApproverCandidates();

  // Approvers of this flow who left the organisation stay listed, so they can be unticked.
  const { approvers, formerMemberIds } = useMemo(() => {
    const members: Approver[] = candidates.data?.items ?? [];
    const known = new Set(members.map((member) => member.userId));
    const former = (flow?.steps ?? []).flatMap((step) => step.approvers).filter((approver) => !known.has(approver.userId));
    const unique = former.filter((approver, index) => former.findIndex((other) => other.userId === approver.userId) === index);
    return { approvers: [...members, ...unique], formerMemberIds: new Set(unique.map((approver) => approver.userId)) };
  }, [candidates.data, flow]);

  const candidatesNotice = candidates.isPending
    ? t('steps.candidatesLoading')
    : candidates.isError
      ? t('steps.candidatesFailed')
      : null;
  const nameError = errors.name?.message;
  const hasErrors = submitCount > 0 && Object.keys(errors).length > 0;

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void editor.submit(event)} className="grid gap-6" aria-labelledby="flow-editor-title">
        <h2 id="flow-editor-title" className="text-lg font-semibold text-foreground">
          {flow ? t('detail.editTitle') : t('detail.createTitle')}
        </h2>
        <FormErrorAlerts
          summary={hasErrors ? t('detail.errorSummary') : null}
          summaryTestId="flow-error-summary"
          serverMessages={editor.serverMessages}
        />
        <fieldset disabled={editor.isSaving} className="grid min-w-0 gap-6">
          <section aria-labelledby="flow-general-title" className="grid gap-4 rounded-lg border border-border bg-surface p-4">
            <h3 id="flow-general-title" className="text-base font-semibold text-foreground">
              {t('detail.general')}
            </h3>
            <FormField id="flow-name" label={t('detail.name')} error={nameError} className="max-w-md">
              <Input
                {...form.register('name')}
                {...fieldAria('flow-name', { error: nameError })}
                maxLength={100}
                autoComplete="off"
              />
            </FormField>
            <div className="grid gap-2">
              <p id="flow-type-label" className="text-sm font-medium text-foreground">
                {t('detail.type')}
              </p>
              <Controller
                control={form.control}
                name="type"
                render={({ field }) => (
                  <RadioGroup
                    aria-labelledby="flow-type-label"
                    value={field.value}
                    onValueChange={(value) => field.onChange(value as ApprovalFlowType)}
                    className="flex gap-6"
                  >
                    {APPROVAL_FLOW_TYPES.map((type) => (
                      <div key={type} className="flex items-center gap-2">
                        <RadioGroupItem id={`flow-type-${type}`} value={type} />
                        <label htmlFor={`flow-type-${type}`} className="text-sm text-foreground">
                          {t(`typeOptions.${type}`)}
                        </label>
                      </div>
                    ))}
                  </RadioGroup>
                )}
              />
            </div>
            <div className="flex items-start gap-3">
              <Controller
                control={form.control}
                name="isDefault"
                render={({ field }) => (
                  <Switch
                    id="flow-is-default"
                    ref={field.ref}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                    aria-describedby="flow-is-default-hint"
                  />
                )}
              />
              <div className="grid gap-0.5">
                <label htmlFor="flow-is-default" className="text-sm font-medium text-foreground">
                  {t('detail.isDefault')}
                </label>
                <p id="flow-is-default-hint" className="max-w-xl text-xs text-muted-foreground">
                  {t('detail.isDefaultHint')}
                </p>
              </div>
            </div>
          </section>
          <StepsEditor approvers={approvers} formerMemberIds={formerMemberIds} candidatesNotice={candidatesNotice} />
          <ConditionsEditor />
        </fieldset>
        <FormFooter
          isDirty={isDirty}
          isSaving={editor.isSaving}
          unsavedLabel={t('detail.unsaved')}
          secondary={{ label: t('detail.cancel'), onClick: () => void navigate(listPath) }}
          submitLabel={t('detail.save')}
        />
      </form>
      <StaleEditDialog
        stale={editor.stale}
        onResolve={editor.resolveStale}
        text={(key, values) => t(`stale.${key}`, values)}
        fieldName={(field) => t(`stale.fields.${field}`)}
        testId="stale-flow-dialog"
      />
      <UnsavedChangesGuard
        isDirty={isDirty && !editor.isSaving && !isLeaving}
        texts={{ title: t('leave.title'), description: t('leave.description'), stay: t('leave.stay'), leave: t('leave.leave') }}
      />
    </FormProvider>
  );
}
