import { Paperclip, Trash2, Upload } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { INVOICE_UPLOAD_LIMITS } from '@kontor/domain/invoices/invoice-constants';
import { type Invoice, type InvoiceFile } from '@kontor/domain/invoices/invoice-schema';
import { Button } from '@/components/ui/button';
import { currentLocale } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { formatFileSize } from '../../../components/upload-checks';
import { useAddInvoiceAttachments } from '../../api/add-attachments';
import { getInvoiceFileUrl } from '../../api/get-file-url';
import { useRemoveInvoiceAttachment } from '../../api/remove-attachment';

/** Further files on the invoice (delivery notes, contracts …): open, add, remove. */
export function AttachmentsPanel({ invoice, isEditable }: { invoice: Invoice; isEditable: boolean }) {
  const { t } = useTranslation('invoice-detail');
  const inputRef = useRef<HTMLInputElement>(null);
  const add = useAddInvoiceAttachments(invoice.id);
  const remove = useRemoveInvoiceAttachment(invoice.id);

  const open = async (file: InvoiceFile) => {
    // The window opens inside the click so no pop-up blocker stops it; the signed address follows.
    const target = window.open('about:blank', '_blank');
    try {
      const { url } = await getInvoiceFileUrl(invoice.id, file.id);
      if (target) target.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      target?.close();
      notifyError(error, t('attachments.openFailed'));
    }
  };

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    try {
      await add.mutateAsync(files);
      notifySuccess(t('attachments.added'));
    } catch (error) {
      notifyError(error, t('attachments.addFailed'));
    }
  };

  const removeFile = async (file: InvoiceFile) => {
    try {
      await remove.mutateAsync(file.id);
      notifySuccess(t('attachments.removed'));
    } catch (error) {
      notifyError(error, t('attachments.removeFailed'));
    }
  };

  return (
    <div className="grid gap-3">
      {invoice.attachments.length === 0 ? <p className="text-sm text-muted-foreground">{t('attachments.empty')}</p> : null}
      <ul className="grid gap-2">
        {invoice.attachments.map((file) => (
          <li key={file.id} className="flex items-center gap-2 rounded-md border border-border p-2 text-sm">
            <Paperclip aria-hidden="true" className="size-4 text-muted-foreground" />
            <button
              type="button"
              className="truncate text-left text-primary underline-offset-2 hover:underline"
              onClick={() => void open(file)}
              aria-label={t('attachments.open', { name: file.fileName })}
            >
              {file.fileName}
            </button>
            <span className="ml-auto shrink-0 text-xs text-muted-foreground">{formatFileSize(file.size, currentLocale())}</span>
            {isEditable ? (
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('attachments.remove', { name: file.fileName })}
                disabled={remove.isPending}
                onClick={() => void removeFile(file)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {isEditable ? (
        <div>
          <input
            ref={inputRef}
            type="file"
            multiple
            hidden
            accept={INVOICE_UPLOAD_LIMITS.mimeTypes.join(',')}
            data-testid="attachment-input"
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              void upload(files);
            }}
          />
          <Button variant="outline" isLoading={add.isPending} onClick={() => inputRef.current?.click()}>
            {add.isPending ? null : <Upload aria-hidden="true" />}
            {add.isPending ? t('attachments.adding') : t('attachments.add')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
