import { Alert } from './ui/alert';
import { Button } from './ui/button';

export interface FormFooterProps {
  isDirty: boolean;
  isSaving: boolean;
  /** "Unsaved changes", shown while the form is dirty. */
  unsavedLabel: string;
  /** Cancel or Reset beside the submit button. */
  secondary: { label: string; onClick: () => void; isDisabled?: boolean };
  submitLabel: string;
}

/** The bar under a form that stays in view: the unsaved note, cancel/reset and save. */
export function FormFooter({ isDirty, isSaving, unsavedLabel, secondary, submitLabel }: FormFooterProps) {
  return (
    <div className="sticky bottom-0 z-10 flex flex-wrap items-center justify-end gap-3 border-t border-border bg-background/95 py-3 backdrop-blur">
      {isDirty ? <span className="mr-auto text-sm text-muted-foreground">{unsavedLabel}</span> : null}
      <Button variant="outline" onClick={secondary.onClick} disabled={(secondary.isDisabled ?? false) || isSaving}>
        {secondary.label}
      </Button>
      <Button type="submit" isLoading={isSaving}>
        {submitLabel}
      </Button>
    </div>
  );
}

export interface FormErrorAlertsProps {
  /** The "please correct the marked fields" note, shown once a submit found errors. */
  summary: string | null;
  summaryTestId: string;
  /** What the server refused that belongs to no field. */
  serverMessages: readonly string[];
}

/** Above a form: the client errors' summary and the server's messages without a field. */
export function FormErrorAlerts({ summary, summaryTestId, serverMessages }: FormErrorAlertsProps) {
  return (
    <>
      {summary ? (
        <Alert tone="danger" data-testid={summaryTestId}>
          <p>{summary}</p>
        </Alert>
      ) : null}
      {serverMessages.length > 0 ? (
        <Alert tone="danger">
          {serverMessages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </Alert>
      ) : null}
    </>
  );
}
