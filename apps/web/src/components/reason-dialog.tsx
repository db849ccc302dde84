import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { TEXTAREA_CLASS } from '@/components/ui/textarea-class';
import { translateFieldMessage } from '@/lib/form-errors';

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label: string;
  hint?: string;
  confirm: string;
  /** The button that closes without acting; "Cancel" unless that would read like the action itself. */
  cancelLabel?: string;
  tone?: 'primary' | 'destructive';
  /** The domain's rule for the text (reason_required, note_required, too_long), the one the server applies. */
  schema: z.ZodType<string>;
  isPending: boolean;
  /** Resolves true when done: the dialog then closes and forgets the text. */
  onConfirm: (text: string) => Promise<boolean>;
  /** The dialog's test id; the text field's id derives from it. */
  testId: string;
}

/**
 * A required text (a reason or a note) before an action: rejecting an approval, cancelling an
 * invoice, cancelling or archiving a transaction, an analysis decision. The rule is the server's schema.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const {
    open,
    onOpenChange,
    title,
    description,
    label,
    hint,
    confirm,
    cancelLabel,
    tone = 'primary',
    schema,
    isPending,
    onConfirm,
    testId,
  } = props;
  // The validation namespace must be loaded for translateFieldMessage to find the rule texts.
  const { t } = useTranslation(['common', 'validation']);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = `${testId}-text`;

  const close = (isOpen: boolean) => {
    onOpenChange(isOpen);
    if (!isOpen) {
      setText('');
      setError(undefined);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse(text);
    if (!parsed.success) {
      setError(translateFieldMessage(parsed.error.issues[0]?.message));
      return;
    }
    if (await onConfirm(parsed.data)) close(false);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid={testId}>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <FormField id={id} label={label} hint={hint} error={error}>
            <textarea
              {...fieldAria(id, { error, hint: Boolean(hint) })}
              value={text}
              maxLength={1000}
              onChange={(event) => {
                setText(event.target.value);
                setError(undefined);
              }}
              className={TEXTAREA_CLASS}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              {cancelLabel ?? t('actions.cancel')}
            </Button>
            <Button type="submit" variant={tone} isLoading={isPending}>
              {confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
