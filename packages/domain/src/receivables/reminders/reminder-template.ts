import { z } from 'zod';

/**
 * Payment reminder templates (SPEC §3 reminder template, §5, §9; issue 66): one per interval of
 * days after the due date, with the e-mail's subject, a header above the invoice's details and a
 * footer below, and its type:
 * - automatic: the daily run sends it on business mornings once the interval has passed;
 * - manual: the daily run does not send it, but the receivable shows it as due for a person to send;
 * - manual_only: never due by itself (a final notice, say); a person picks it when sending.
 */
export const REMINDER_TYPES = ['automatic', 'manual', 'manual_only'] as const;
export type ReminderType = (typeof REMINDER_TYPES)[number];

export const REMINDER_INTERVAL_MIN = 1;
export const REMINDER_INTERVAL_MAX = 366;

/** What subject, header and footer may say; `{{name}}` is replaced when the e-mail is written. */
export const REMINDER_PLACEHOLDERS = [
  'invoiceNumber',
  'invoiceDate',
  'dueDate',
  'daysOverdue',
  'amount',
  'openAmount',
  'counterparty',
  'company',
] as const;
export type ReminderPlaceholder = (typeof REMINDER_PLACEHOLDERS)[number];

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)]
    .map((match) => match[1]!)
    .filter((name) => !(REMINDER_PLACEHOLDERS as readonly string[]).includes(name));
}

const templateText = (max: number, required: boolean) =>
  z
    .string()
    .trim()
    .max(max, { message: 'too_long' })
    .refine((value) => !required || value.length > 0, { message: 'required' })
    .refine((value) => unknownPlaceholders(value).length === 0, { message: 'unknown_placeholder' });

export const reminderTemplateInputSchema = z.object({
  /** SPEC §5: a whole number from 1 to 366; not already in the list (the server checks). */
  intervalDays: z
    .number({ message: 'reminder_interval_range' })
    .int({ message: 'reminder_interval_range' })
    .min(REMINDER_INTERVAL_MIN, { message: 'reminder_interval_range' })
    .max(REMINDER_INTERVAL_MAX, { message: 'reminder_interval_range' }),
  subject: templateText(200, true).refine((value) => !/[\r\n]/.test(value), { message: 'invalid' }),
  header: templateText(5000, false),
  footer: templateText(5000, false),
  type: z.enum(REMINDER_TYPES),
});
export type ReminderTemplateInput = z.infer<typeof reminderTemplateInputSchema>;

export const reminderTemplateSchema = reminderTemplateInputSchema.extend({
  id: z.uuid(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReminderTemplate = z.infer<typeof reminderTemplateSchema>;

/** The templates Kontor starts an organisation with (it may change or delete them), per language. */
export const DEFAULT_REMINDER_TEMPLATES: Record<'de' | 'en', ReminderTemplateInput[]> = {
  de: [
    {
      intervalDays: 7,
      type: 'automatic',
      subject: 'Zahlungserinnerung: Rechnung {{invoiceNumber}}',
      header:
        'Guten Tag,\n\nsicher ist es Ihrer Aufmerksamkeit entgangen: Unsere Rechnung {{invoiceNumber}} vom {{invoiceDate}} über {{amount}} war am {{dueDate}} fällig. Offen sind noch {{openAmount}}.',
      footer:
        'Bitte überweisen Sie den Betrag in den nächsten Tagen. Sollten Sie bereits gezahlt haben, betrachten Sie dieses Schreiben als gegenstandslos.\n\nMit freundlichen Grüßen\n{{company}}',
    },
    {
      intervalDays: 21,
      type: 'manual',
      subject: '2. Mahnung: Rechnung {{invoiceNumber}}',
      header:
        'Guten Tag,\n\nunsere Rechnung {{invoiceNumber}} vom {{invoiceDate}} ist seit {{daysOverdue}} Tagen überfällig. Offen sind {{openAmount}}.',
      footer: 'Bitte begleichen Sie den Betrag innerhalb von 7 Tagen.\n\nMit freundlichen Grüßen\n{{company}}',
    },
  ],
  en: [
    {
      intervalDays: 7,
      type: 'automatic',
      subject: 'Payment reminder: invoice {{invoiceNumber}}',
      header:
        'Hello,\n\nthis may have slipped your attention: our invoice {{invoiceNumber}} of {{invoiceDate}} over {{amount}} was due on {{dueDate}}. {{openAmount}} is still open.',
      footer:
        'Please transfer the amount within the next few days. If you have already paid, please disregard this e-mail.\n\nKind regards\n{{company}}',
    },
    {
      intervalDays: 21,
      type: 'manual',
      subject: 'Second reminder: invoice {{invoiceNumber}}',
      header:
        'Hello,\n\nour invoice {{invoiceNumber}} of {{invoiceDate}} is {{daysOverdue}} days overdue. {{openAmount}} is still open.',
      footer: 'Please settle the amount within 7 days.\n\nKind regards\n{{company}}',
    },
  ],
};

/** The e-mail of a reminder: placeholders replaced, header and footer around the invoice's lines. */
export function renderReminder(
  template: Pick<ReminderTemplateInput, 'subject' | 'header' | 'footer'>,
  values: Record<ReminderPlaceholder, string>,
  details: string,
): { subject: string; text: string } {
  const fill = (text: string) =>
    text.replace(PLACEHOLDER, (whole, name: string) => (name in values ? values[name as ReminderPlaceholder] : whole));
  return {
    subject: fill(template.subject),
    text: [fill(template.header), details, fill(template.footer)].filter((part) => part.trim().length > 0).join('\n\n'),
  };
}
