import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { transactionNotesBodySchema, type Transaction } from '@kontor/domain/payments/transaction-api';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { translateFieldMessage } from '@/lib/form-errors';
import { TEXTAREA_CLASS } from '@/components/ui/textarea-class';
import { useTransactionAction } from './use-transaction-action';

/** Notes may change in every status (PUT /transactions/:id/notes with the version). */
export function NotesEditor({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation('transactions');
  const { run, pendingKind } = useTransactionAction(transaction);
  const saved = transaction.notes ?? '';
  const [text, setText] = useState(saved);
  const [shownSaved, setShownSaved] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  // A newer version from the server replaces the text unless the user is typing something else.
  if (saved !== shownSaved) {
    setShownSaved(saved);
    if (text === shownSaved) setText(saved);
  }
  const isDirty = text !== saved;

  const save = async () => {
    const parsed = transactionNotesBodySchema.shape.notes.safeParse(text);
    if (!parsed.success) {
      setError(translateFieldMessage(parsed.error.issues[0]?.message));
      return;
    }
    await run({ kind: 'notes', notes: parsed.data }, { success: t('detail.notesSaved'), failure: t('detail.notesFailed') });
  };

  return (
    <FormField id="transaction-notes" label={t('detail.notes')} error={error}>
      <textarea
        {...fieldAria('transaction-notes', { error })}
        value={text}
        maxLength={2000}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
        className={TEXTAREA_CLASS}
      />
      {isDirty ? (
        <div className="flex gap-2">
          <Button size="sm" onClick={() => void save()} isLoading={pendingKind === 'notes'}>
            {t('actions.save')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setText(saved)}>
            {t('actions.discard')}
          </Button>
        </div>
      ) : null}
    </FormField>
  );
}
