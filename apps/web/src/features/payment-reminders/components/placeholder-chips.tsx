import { useTranslation } from 'react-i18next';
import { REMINDER_PLACEHOLDERS, type ReminderPlaceholder } from '@kontor/domain/receivables/reminders/reminder-template';

/** The placeholders subject, header and footer may use, as buttons that insert one at the cursor. */
export function PlaceholderChips({ onInsert }: { onInsert: (placeholder: ReminderPlaceholder) => void }) {
  const { t } = useTranslation('payment-reminders');
  return (
    <div className="grid gap-2">
      <p id="reminder-placeholders-label" className="text-sm font-medium text-foreground">
        {t('form.placeholders')}
      </p>
      <div
        role="group"
        aria-labelledby="reminder-placeholders-label"
        aria-describedby="reminder-placeholders-hint"
        className="flex flex-wrap gap-1.5"
      >
        {REMINDER_PLACEHOLDERS.map((placeholder) => (
          <button
            key={placeholder}
            type="button"
            // Keeps the cursor in the field: the placeholder goes where the user was typing.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onInsert(placeholder)}
            title={t(`placeholderNames.${placeholder}`)}
            className="rounded-full border border-border bg-muted px-2 py-0.5 font-mono text-xs text-foreground hover:bg-primary-background hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {`{{${placeholder}}}`}
          </button>
        ))}
      </div>
      <p id="reminder-placeholders-hint" className="text-xs text-muted-foreground">
        {t('form.placeholdersHint')}
      </p>
    </div>
  );
}
