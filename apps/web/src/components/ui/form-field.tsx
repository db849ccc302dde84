import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

export interface FormFieldProps {
  /** The id of the control the label belongs to; the hint and error get ids derived from it. */
  id: string;
  label: ReactNode;
  /** Shown beside the label but outside it (a badge or mark), so the control's accessible name stays the label. */
  labelAddon?: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}

/** Label, control, hint and error, wired for screen readers (pass describedBy/invalid props to the control). */
export function FormField({ id, label, labelAddon, hint, error, className, children }: FormFieldProps) {
  return (
    <div className={cn('grid gap-2', className)}>
      {labelAddon ? (
        <div className="flex min-h-4 items-center gap-1.5">
          <Label htmlFor={id}>{label}</Label>
          {labelAddon}
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id?: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-xs font-medium text-danger">
      {message}
    </p>
  );
}

/** The aria props that tie a control to its FormField hint and error. */
export function fieldAria(id: string, { error, hint }: { error?: string | undefined; hint?: boolean }) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}
