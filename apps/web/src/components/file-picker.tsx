import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export interface FilePickerProps {
  /** The input's id: a `<label htmlFor>` names the file field. */
  id: string;
  accept: string;
  onFile: (file: File | undefined) => void;
  /** The button's text; "Choose file" when not given. */
  chooseText?: string;
  /** The chosen file's name beside the button; "No file chosen" when null, nothing when undefined. */
  chosenName?: string | null;
  disabled?: boolean;
  icon?: ReactNode;
  /** The field's hint and error (fieldAria), for the button that stands for the input. */
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean | undefined;
}

/**
 * A file field in Kontor's language: the browser's own file input says "Choose File / No file
 * chosen" in the browser's language, not the app's. The input stays in the page (labelled, for
 * assistive technology and tests) but out of sight and out of the tab order; the button opens it.
 */
export function FilePicker({
  id,
  accept,
  onFile,
  chooseText,
  chosenName,
  disabled,
  icon,
  'aria-describedby': describedBy,
  'aria-invalid': isInvalid,
}: FilePickerProps) {
  const { t } = useTranslation('common');
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="flex min-w-0 items-center gap-3">
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={isInvalid}
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          // Choosing the same file again after a correction must fire again.
          event.target.value = '';
        }}
      />
      <Button
        type="button"
        variant="outline"
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => inputRef.current?.click()}
      >
        {icon}
        {chooseText ?? t('file.choose')}
      </Button>
      {chosenName === undefined ? null : (
        <span className="truncate text-sm text-muted-foreground" data-testid="chosen-file-name">
          {chosenName ?? t('file.none')}
        </span>
      )}
    </div>
  );
}
