import { FileCode } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { BANK_FILE_MAX_MB, checkBankFile } from '../../model/import-problems';

/** Drop zone and file input in one: dropping and choosing lead to the same check and upload. */
export function BankFileDrop({ onFile }: { onFile: (file: File) => void }) {
  const { t } = useTranslation('transactions');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  const take = (file: File | undefined) => {
    if (!file) return;
    const problem = checkBankFile(file);
    if (problem) {
      setRefused(t(`import.${problem}`, { fileName: file.name, maxMb: BANK_FILE_MAX_MB }));
      return;
    }
    setRefused(null);
    onFile(file);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsOver(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <div className="grid gap-2">
      <div
        data-testid="bank-file-drop-zone"
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
        <FileCode aria-hidden="true" className="size-8 text-muted-foreground" />
        <p>{t('import.drop')}</p>
        <label htmlFor={inputId} className="sr-only">
          {t('import.fileLabel')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept=".xml,text/xml,application/xml"
          className="sr-only"
          onChange={(event) => {
            take(event.target.files?.[0]);
            // Choosing the same file again after a correction must fire again.
            event.target.value = '';
          }}
        />
        <Button type="button" variant="outline" onClick={() => inputRef.current?.click()}>
          {t('import.choose')}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{t('import.hint', { maxMb: BANK_FILE_MAX_MB })}</p>
      {refused ? <Alert tone="danger">{refused}</Alert> : null}
    </div>
  );
}
