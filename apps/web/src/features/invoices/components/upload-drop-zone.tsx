import { FileUp } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INVOICE_UPLOAD_LIMITS } from '@kontor/domain/invoices/invoice-constants';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { ACCEPT_ATTRIBUTE } from './upload-checks';

/** Drag and drop or the file picker; many files at once. The picker stays a real <input type=file>. */
export function UploadDropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useTranslation('invoices');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };

  return (
    <div
      data-testid="upload-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setIsDragging(true);
      }}
      onDragLeave={() => setIsDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-border px-6 py-8 text-center transition-colors',
        isDragging && 'border-primary bg-primary-background',
      )}
    >
      <FileUp aria-hidden="true" className="size-8 text-primary" />
      <p className="text-sm font-medium text-foreground">{t('upload.dropHere')}</p>
      <p className="text-xs text-muted-foreground">
        {t('upload.limits', {
          maxFiles: INVOICE_UPLOAD_LIMITS.maxFiles,
          maxMb: INVOICE_UPLOAD_LIMITS.maxBytes / 1024 / 1024,
          maxPages: INVOICE_UPLOAD_LIMITS.maxPdfPages,
        })}
      </p>
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        className="sr-only"
        aria-label={t('upload.chooseFiles')}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Reset so choosing the same file again (after a failure) fires change again.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
        {t('upload.chooseFiles')}
      </Button>
    </div>
  );
}
