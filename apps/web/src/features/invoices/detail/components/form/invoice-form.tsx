import { useEffect, useMemo, type ReactNode } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { invoiceWarnings } from '@kontor/domain/invoices/invoice-rules';
import { isPaymentNamedByDocument } from '@kontor/domain/invoices/document-payment';
import { isInvoiceEditable } from '@kontor/domain/invoices/invoice-status';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { isValidationKey } from '@kontor/domain/validation';
import { Alert } from '@/components/ui/alert';
import { NoticeStack } from '@/components/ui/notice-stack';
import { FormFooter } from '@/components/form-footer';
import { StaleEditDialog } from '@/components/stale-edit-dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { MissingFieldsAlert } from '../missing-fields-alert';
import { AccountingSection, NotesSection } from './accounting-section';
import { AmountsSection } from './amounts-section';
import { CounterpartySection } from './counterparty-section';
import { ErrorSummary } from './error-summary';
import { InvoiceDataSection } from './invoice-data-section';
import { LineItemsSection } from './line-items-section';
import { PaymentAccountPanel } from './payment-account-panel';
import { PaymentSection } from './payment-section';
import { ReadingContext, type ReadingFormContext } from './reading-context';
import { SplitsSection } from './splits-section';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useInvoiceEditor } from './use-invoice-editor';

export interface InvoiceFormProps {
  invoice: Invoice;
  /** Tells the page whether unsaved changes exist (status actions wait for them). */
  onDirtyChange?: (isDirty: boolean) => void;
  /** What reading the document found (duplicates, missing formal items …), shown with the form's own notices. */
  checks?: ReactNode;
}

/** Every SPEC §3 invoice field, validated with the server's own schema; saves with the version it started from. */
export function InvoiceForm({ invoice, onDirtyChange, checks }: InvoiceFormProps) {
  const { t } = useTranslation('invoice-detail');
  const { t: tValidation } = useTranslation('validation');
  const editor = useInvoiceEditor(invoice);
  const { form } = editor;
  const { isDirty, errors, submitCount } = form.formState;
  const date = useWatch({ control: form.control, name: 'date' });
  const isEditable = isInvoiceEditable(invoice.status);
  const reading = useMemo<ReadingFormContext>(
    () => ({
      fields: invoice.reading?.fields ?? {},
      editedFields: editor.editedFields,
      proposedCounterparty: invoice.reading?.proposedCounterparty ?? null,
      hasDocumentPayment: isPaymentNamedByDocument(invoice.reading?.payment),
    }),
    [invoice.reading, editor.editedFields],
  );

  const warnings = new Set([...invoice.warnings, ...invoiceWarnings({ date: date ?? null, status: invoice.status })]);
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  return (
    <ReadingContext value={reading}>
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={(event) => void editor.submit(event)}
          aria-labelledby="invoice-form-title"
          className="grid gap-4"
        >
          <h2 id="invoice-form-title" className="sr-only">
            {t('form.heading')}
          </h2>
          {/* Every notice in one compact area right above the fields (issue 59). */}
          <NoticeStack aria-label={t('form.notices')} data-testid="invoice-notices">
            {[...warnings].filter(isValidationKey).map((warning) => (
              <Alert key={warning} tone="warning" data-testid={`warning-${warning}`}>
                <p>{tValidation(warning)}</p>
              </Alert>
            ))}
            <MissingFieldsAlert
              fields={invoice.missingRequiredFields.request_approval}
              before="request"
              tone="info"
              testId="missing-required-fields"
            />
            {!isEditable ? (
              <Alert tone="info">
                <p data-testid="invoice-locked-notice">
                  {invoice.status === 'exported'
                    ? t('states.exportedLocked')
                    : t('states.notEditable', { status: t(`status.${invoice.status}`) })}
                </p>
              </Alert>
            ) : null}
            {checks}
          </NoticeStack>
          {submitCount > 0 || editor.serverSummary.length > 0 ? (
            <ErrorSummary errors={errors} extra={editor.serverSummary} />
          ) : null}
          <fieldset disabled={!isEditable || editor.isSaving} className="grid min-w-0 gap-4">
            <CounterpartySection saveInvoice={() => editor.submit()} />
            {invoice.paymentAccountReview ? (
              <PaymentAccountPanel
                invoice={invoice}
                review={invoice.paymentAccountReview}
                hasUnsavedChanges={isDirty}
                isEditable={isEditable}
              />
            ) : null}
            <InvoiceDataSection />
            <AmountsSection />
            <PaymentSection />
            <AccountingSection />
            <SplitsSection />
            <LineItemsSection />
            <NotesSection />
          </fieldset>
          {isEditable ? (
            <FormFooter
              isDirty={isDirty}
              isSaving={editor.isSaving}
              unsavedLabel={t('form.unsaved')}
              secondary={{ label: t('form.reset'), onClick: editor.discardChanges, isDisabled: !isDirty }}
              submitLabel={t('form.save')}
            />
          ) : null}
        </form>
        <StaleEditDialog
          stale={editor.stale}
          onResolve={editor.resolveStale}
          text={(key, values) => t(`stale.${key}`, values)}
          fieldName={(field) => t(`fields.${field}`)}
          testId="stale-edit-dialog"
        />
        <ConfirmDialog
          open={editor.isConfirmingResetSave}
          onOpenChange={(open) => (open ? undefined : void editor.resolveResetSave(false))}
          title={t('approval.resetOnSaveTitle')}
          description={tValidation('approvals_reset_on_save')}
          confirmLabel={t('approval.confirmSave')}
          cancelLabel={t('approval.keepEditing')}
          onConfirm={() => void editor.resolveResetSave(true)}
        />
        <UnsavedChangesGuard isDirty={isDirty && !editor.isSaving} />
      </FormProvider>
    </ReadingContext>
  );
}
