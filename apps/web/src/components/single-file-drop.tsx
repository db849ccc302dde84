import type { LucideIcon } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { cn } from '@/lib/cn';
import { FilePicker } from './file-picker';

export interface SingleFileDropProps {
  onFile: (file: File) => void;
  /** The sentence why a file is refused before upload, or null when it may go. */
  check: (file: File) => string | null;
  /** The input's accept attribute (extensions and media types). */
  accept: string;
  icon: LucideIcon;
  texts: { drop: string; label: string; choose: string; hint: string };
  testId: string;
  disabled?: boolean;
  /** The file taken, shown beside the button (undefined: the next step shows it instead). */
  chosenName?: string | null;
}

/**
 * Drop zone and file input in one, for imports of one file: dropping and choosing lead to the
 * same check and upload, and a refused file is named below the zone.
 */
export function SingleFileDrop({ onFile, check, accept, icon: Icon, texts, testId, disabled, chosenName }: SingleFileDropProps) {
  const inputId = useId();
  const [isOver, setIsOver] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  const take = (file: File | undefined) => {
    if (!file) return;
    const problem = check(file);
    setRefused(problem);
    if (!problem) onFile(file);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsOver(false);
    if (!disabled) take(event.dataTransfer.files[0]);
  };

  return (
    <div className="grid gap-2">
      <div
        data-testid={testId}
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
        <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
        <p>{texts.drop}</p>
        <label htmlFor={inputId} className="sr-only">
          {texts.label}
        </label>
        <FilePicker
          id={inputId}
          accept={accept}
          onFile={take}
          chooseText={texts.choose}
          chosenName={chosenName}
          disabled={disabled}
        />
      </div>
      <p className="text-xs text-muted-foreground">{texts.hint}</p>
      {refused ? <Alert tone="danger">{refused}</Alert> : null}
    </div>
  );
}
