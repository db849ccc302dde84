import { Archive, ArchiveRestore, Ban, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { allowedInvoiceActions } from '@kontor/domain/invoices/invoice-status';
import { reasonBodySchema, type Invoice } from '@kontor/domain/invoices/invoice-schema';
import { ReasonDialog } from '@/components/reason-dialog';
import { Button } from '@/components/ui/button';
import { useArchiveInvoice } from '../../api/archive-invoice';
import { useCancelInvoice } from '../../api/cancel-invoice';
import { useDeleteInvoice } from '../../api/delete-invoice';
import { useRestoreInvoice } from '../../api/restore-invoice';
import { useInvoiceActionRunner } from '../run-invoice-action';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

export interface InvoiceActionsBarProps {
  invoice: Invoice;
  slug: string;
  /** Where "back" and a deleted invoice lead (the tab's list with its filters). */
  listPath: string;
  /** Unsaved form changes would be lost when the invoice leaves this screen. */
  hasUnsavedChanges: boolean;
  /** Where a restored invoice goes; without it, restoring stays here. */
  restoredPath?: string | undefined;
}

/**
 * The status actions the transition table allows (SPEC §4). Cancelling and archiving take the
 * invoice out of the working lists, so the user lands in the archive; restoring stays here,
 * unless the screen is the archive's (restoredPath).
 */
export function InvoiceActionsBar({ invoice, slug, listPath, hasUnsavedChanges, restoredPath }: InvoiceActionsBarProps) {
  const { t } = useTranslation('invoice-detail');
  const navigate = useNavigate();
  const allowed = new Set(allowedInvoiceActions(invoice.status));
  const cancel = useCancelInvoice(invoice.id);
  const archive = useArchiveInvoice(invoice.id);
  const restore = useRestoreInvoice(invoice.id);
  const remove = useDeleteInvoice(invoice.id);
  const [dialog, setDialog] = useState<'cancel' | 'delete' | null>(null);
  // Only a success closes the dialog: a failed cancel keeps the typed reason for another try.
  const run = useInvoiceActionRunner(invoice.id, () => setDialog(null));
  const archivePath = `/${slug}/archive/invoices`;

  return (
    <div role="group" aria-label={t('actions.label')} className="flex flex-wrap items-center gap-2">
      {allowed.has('restore') ? (
        <Button
          variant="secondary"
          isLoading={restore.isPending}
          onClick={() =>
            void run(
              () => restore.mutateAsync(invoice.version),
              { success: t('actions.restored'), failure: t('actions.restoreFailed') },
              restoredPath ? () => void navigate(restoredPath, { replace: true }) : undefined,
            )
          }
        >
          <ArchiveRestore aria-hidden="true" />
          {t('actions.restore')}
        </Button>
      ) : null}
      {allowed.has('archive') ? (
        <Button
          variant="outline"
          disabled={hasUnsavedChanges}
          isLoading={archive.isPending}
          onClick={() =>
            void run(
              () => archive.mutateAsync(invoice.version),
              { success: t('actions.archived'), failure: t('actions.archiveFailed') },
              () => void navigate(archivePath),
            )
          }
        >
          <Archive aria-hidden="true" />
          {t('actions.archive')}
        </Button>
      ) : null}
      {allowed.has('cancel') ? (
        <Button variant="outline" disabled={hasUnsavedChanges} onClick={() => setDialog('cancel')}>
          <Ban aria-hidden="true" />
          {t('actions.cancel')}
        </Button>
      ) : null}
      {allowed.has('delete') ? (
        <Button variant="ghost" className="text-danger" disabled={hasUnsavedChanges} onClick={() => setDialog('delete')}>
          <Trash2 aria-hidden="true" />
          {t('actions.delete')}
        </Button>
      ) : null}
      {hasUnsavedChanges && (allowed.has('cancel') || allowed.has('archive') || allowed.has('delete')) ? (
        <span className="text-xs text-muted-foreground">{t('actions.saveFirst')}</span>
      ) : null}
      {/* SPEC §5: cancelling needs a reason, checked by the server's own rule. */}
      <ReasonDialog
        open={dialog === 'cancel'}
        onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
        title={t('actions.cancelTitle')}
        description={t('actions.cancelDescription')}
        label={t('actions.reason')}
        confirm={t('actions.confirmCancel')}
        cancelLabel={t('actions.keep')}
        tone="destructive"
        schema={reasonBodySchema.shape.reason}
        isPending={cancel.isPending}
        testId="cancel-invoice-dialog"
        onConfirm={(reason) =>
          run(
            () => cancel.mutateAsync({ reason, version: invoice.version }),
            { success: t('actions.cancelled'), failure: t('actions.cancelFailed') },
            () => void navigate(archivePath),
          )
        }
      />
      <ConfirmDeleteDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        isPending={remove.isPending}
        onConfirm={() =>
          void run(
            () => remove.mutateAsync(invoice.version),
            { success: t('actions.deleted'), failure: t('actions.deleteFailed') },
            () => void navigate(listPath),
          )
        }
      />
    </div>
  );
}
