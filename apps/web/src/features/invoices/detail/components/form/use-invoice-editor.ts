import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Invoice, InvoiceFields } from '@kontor/domain/invoices/invoice-schema';
import { hasErrorCode, isApiError } from '@/lib/api-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { invoiceQueryOptions } from '../../api/get-invoice';
import { invoiceDetailKeys } from '../../api/invoice-cache';
import { useUpdateInvoice } from '../../api/update-invoice';
import { isApprovalResetOnSave } from '../../model/approval-abilities';
import { invoiceFormResolver } from '../../model/invoice-form-resolver';
import { changedFields, toFormValues, type InvoiceFormValues } from '../../model/invoice-form-values';
import { mapServerFieldErrors } from '../../model/server-field-errors';
import { mergeStaleEdit, type StaleEditMerge } from '../../model/stale-edit-merge';

export interface StaleEditState {
  fresh: Invoice;
  merge: StaleEditMerge;
}

/**
 * The invoice form's state: it starts from one version of the invoice (`base`) and saves with
 * that version. Newer versions arriving in the cache are taken over only when that loses
 * nothing: when they change no field, or when nothing is typed yet. A 409 stale_version
 * opens the merge dialog instead; the typed values stay in the form until the user chooses.
 */
export function useInvoiceEditor(invoice: Invoice) {
  const { t } = useTranslation('invoice-detail');
  const queryClient = useQueryClient();
  const update = useUpdateInvoice(invoice.id);
  const [base, setBase] = useState(invoice);
  const [serverSummary, setServerSummary] = useState<{ path: string; message: string }[]>([]);
  const [stale, setStale] = useState<StaleEditState | null>(null);
  /** Values held back until the user confirms that saving them resets the approvals. */
  const [pendingResetSave, setPendingResetSave] = useState<InvoiceFields | null>(null);
  /** Fields the user changed and saved: what reading the document put there is no longer what is shown. */
  const [editedFields, setEditedFields] = useState<ReadonlySet<string>>(() => new Set());
  const form = useForm<InvoiceFormValues, unknown, InvoiceFields>({
    resolver: invoiceFormResolver,
    defaultValues: toFormValues(invoice),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { isDirty } = form.formState;

  useEffect(() => {
    if (invoice.version === base.version) return;
    if (changedFields(toFormValues(base), toFormValues(invoice)).length === 0) setBase(invoice);
    else if (!isDirty) {
      setBase(invoice);
      form.reset(toFormValues(invoice));
    }
  }, [invoice, base, isDirty, form]);

  const adopt = (fresh: Invoice, keep: StaleEditMerge | null) => {
    setBase(fresh);
    setServerSummary([]);
    form.reset(toFormValues(fresh));
    if (!keep) return;
    for (const field of keep.mine) form.setValue(field, keep.values[field], { shouldDirty: true });
  };

  const openStaleDialog = async () => {
    try {
      const fresh = await queryClient.fetchQuery({ ...invoiceQueryOptions(invoice.id), staleTime: 0 });
      setStale({ fresh, merge: mergeStaleEdit(toFormValues(base), form.getValues(), toFormValues(fresh)) });
    } catch (error) {
      notifyError(error, t('stale.loadFailed'));
    }
  };

  const save = async (values: InvoiceFields) => {
    setServerSummary([]);
    const changed = changedFields(toFormValues(base), form.getValues());
    try {
      const saved = await update.mutateAsync({ ...values, version: base.version });
      if (changed.length > 0) setEditedFields((before) => new Set([...before, ...changed]));
      adopt(saved, null);
      notifySuccess(t('form.saved'));
    } catch (error) {
      if (hasErrorCode(error, 'stale_version')) {
        await openStaleDialog();
        return;
      }
      // Someone moved the invoice on (exported, archived …): show its current state.
      if (hasErrorCode(error, 'invoice_not_editable'))
        void queryClient.invalidateQueries({ queryKey: invoiceDetailKeys.detail(invoice.id) });
      if (isApiError(error) && error.code === 'validation_failed' && error.fieldErrors) {
        const mapped = mapServerFieldErrors(error.fieldErrors);
        for (const { path, message } of mapped.fields) {
          form.setError(path as FieldPath<InvoiceFormValues>, { type: 'server', message });
        }
        setServerSummary([...mapped.fields, ...mapped.unmatched]);
      }
      notifyError(error, t('form.saveFailed'));
    }
  };

  // SPEC §4: changing total, currency or counterparty resets approvals under way or given; ask first.
  const submit = form.handleSubmit(async (values) => {
    if (isApprovalResetOnSave(invoice, changedFields(toFormValues(base), form.getValues()))) {
      setPendingResetSave(values);
      return;
    }
    await save(values);
  });

  const resolveResetSave = async (isConfirmed: boolean) => {
    const values = pendingResetSave;
    setPendingResetSave(null);
    if (isConfirmed && values) await save(values);
  };

  const resolveStale = (choice: 'keep' | 'discard' | 'later') => {
    if (stale && choice !== 'later') {
      adopt(stale.fresh, choice === 'keep' ? stale.merge : null);
      notifySuccess(t(choice === 'keep' ? 'stale.kept' : 'stale.discarded'));
    }
    setStale(null);
  };

  const discardChanges = () => {
    setServerSummary([]);
    form.reset(toFormValues(base));
  };

  return {
    form,
    base,
    submit,
    isSaving: update.isPending,
    serverSummary,
    stale,
    resolveStale,
    discardChanges,
    editedFields,
    isConfirmingResetSave: pendingResetSave !== null,
    resolveResetSave,
  };
}
