import {
  REMINDER_TYPES,
  type ReminderTemplate,
  type ReminderTemplateInput,
  type ReminderType,
} from '@kontor/domain/receivables/reminders/reminder-template';

/** The text fields a placeholder can go into. */
export const TEMPLATE_TEXT_FIELDS = ['subject', 'header', 'footer'] as const;
export type TemplateTextField = (typeof TEMPLATE_TEXT_FIELDS)[number];

/** The form's fields, in the order they show (server field errors land on them). */
export const TEMPLATE_FORM_FIELDS = ['intervalDays', 'type', ...TEMPLATE_TEXT_FIELDS] as const;
export type TemplateFormField = (typeof TEMPLATE_FORM_FIELDS)[number];

export function isTemplateFormField(field: string): field is TemplateFormField {
  return (TEMPLATE_FORM_FIELDS as readonly string[]).includes(field);
}

export function isReminderType(value: string): value is ReminderType {
  return (REMINDER_TYPES as readonly string[]).includes(value);
}

/** What the dialog starts with: the template's values, or for a new one the interval after the last one. */
export function templateFormValues(
  template: ReminderTemplate | null,
  existing: readonly Pick<ReminderTemplate, 'intervalDays'>[],
): ReminderTemplateInput {
  if (template) {
    const { intervalDays, type, subject, header, footer } = template;
    return { intervalDays, type, subject, header, footer };
  }
  const last = Math.max(0, ...existing.map((item) => item.intervalDays));
  return { intervalDays: last === 0 ? 7 : Math.min(366, last + 14), type: 'manual', subject: '', header: '', footer: '' };
}

/**
 * Puts `{{name}}` where the cursor is (over a selection, replacing it); `caret` is where the cursor
 * goes after it. Without a known cursor it goes at the end.
 */
export function insertPlaceholder(
  text: string,
  name: string,
  selection: { start: number | null; end: number | null } = { start: null, end: null },
): { text: string; caret: number } {
  const token = `{{${name}}}`;
  const start = Math.min(Math.max(selection.start ?? text.length, 0), text.length);
  const end = Math.min(Math.max(selection.end ?? start, start), text.length);
  return { text: `${text.slice(0, start)}${token}${text.slice(end)}`, caret: start + token.length };
}

/** Shown beside a template's type: automatic ones go out by themselves, the others by a person. */
export const REMINDER_TYPE_TONES: Record<ReminderType, 'primary' | 'info' | 'neutral'> = {
  automatic: 'primary',
  manual: 'info',
  manual_only: 'neutral',
};
