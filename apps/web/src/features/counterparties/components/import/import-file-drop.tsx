import { FileSpreadsheet } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { checkImportFile, IMPORT_MAX_MB } from './import-model';

const ACCEPT = '.csv,.txt,.tsv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface ImportFileDropProps {
  onFile: (file: File) => void;
  disabled?: boolean;
}

/** Drop zone and file input in one: dropping and choosing lead to the same check and upload. */
export function ImportFileDrop({ onFile, disabled }: ImportFileDropProps) {
  const { t } = useTranslation('counterparty-import');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  const take = (file: File | undefined) => {
    if (!file) return;
    const problem = checkImportFile(file);
    if (problem) {
      setRefused(t(`upload.${problem}`, { fileName: file.name, maxMb: IMPORT_MAX_MB }));
      return;
    }
    setRefused(null);
    onFile(file);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsOver(false);
    if (!disabled) take(event.dataTransfer.files[0]);
  };

  return (
    <div className="grid gap-2">
      <div
        data-testid="import-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setIsOver(true);
        }}
        onDragLeave={() => setIsOver(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-border p-6 text-center text-sm',
          isOver && 'border-primary bg-primary/5',
        )}
      >
        <FileSpreadsheet aria-hidden="true" className="size-8 text-muted-foreground" />
        <p>{t('upload.drop')}</p>
        <label htmlFor={inputId} className="sr-only">
          {t('upload.label')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          disabled={disabled}
          onChange={(event) => {
            take(event.target.files?.[0]);
            // Choosing the same file again after a correction must fire again.
            event.target.value = '';
          }}
        />
        <Button type="button" variant="outline" disabled={disabled} onClick={() => inputRef.current?.click()}>
          {t('upload.choose')}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{t('upload.hint', { maxMb: IMPORT_MAX_MB })}</p>
      {refused ? <Alert tone="danger">{refused}</Alert> : null}
    </div>
  );
}
