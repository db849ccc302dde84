import { z } from 'zod';
import { addDaysIso } from '../../dates';
import { REMINDER_TYPES, type ReminderType } from './reminder-template';

/**
 * A payment reminder of one receivable (issue 66, SPEC §3/§4): sent (accepted by the mail relay
 * or captured), delivered, failed, or skipped with its reason; what became of the e-mail (SPEC §3
 * reminder e-mail status) with the time of each step.
 */
export const REMINDER_STATUSES = ['sent', 'delivered', 'failed', 'skipped'] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];

export const REMINDER_EMAIL_EVENTS = [
  'sent',
  'delivered',
  'delivery_delayed',
  'complained',
  'bounced',
  'opened',
  'clicked',
] as const;
export type ReminderEmailEvent = (typeof REMINDER_EMAIL_EVENTS)[number];

/** SPEC §4: why no reminder went out. `reminders_off`: the customer's reminders are switched off. */
export const REMINDER_SKIP_REASONS = [
  'paid',
  'canceled',
  'no_counterparty',
  'no_email',
  'not_past_due',
  'reminders_off',
] as const;
export type ReminderSkipReason = (typeof REMINDER_SKIP_REASONS)[number];

export const paymentReminderSchema = z.object({
  id: z.uuid(),
  arInvoiceId: z.uuid(),
  templateId: z.uuid().nullable(),
  intervalDays: z.number().int().nullable(),
  type: z.enum(REMINDER_TYPES).nullable(),
  /** automatic: by the daily run; manual: by a person. */
  origin: z.enum(['automatic', 'manual']),
  status: z.enum(REMINDER_STATUSES),
  skipReason: z.enum(REMINDER_SKIP_REASONS).nullable(),
  recipients: z.array(z.string()),
  subject: z.string().nullable(),
  events: z.array(z.object({ event: z.enum(REMINDER_EMAIL_EVENTS), at: z.string() })),
  sentBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type PaymentReminder = z.infer<typeof paymentReminderSchema>;

export const sendReminderBodySchema = z.object({
  templateId: z.uuid(),
  /** One or more addresses; empty: the customer's reminder addresses, else its e-mail. */
  to: z.array(z.string().trim().max(320)).max(10).default([]),
});
export type SendReminderBody = z.infer<typeof sendReminderBodySchema>;

export const reminderPreviewSchema = z.object({
  /** The template shown: the one asked for, else the one whose interval the invoice reached last. */
  templateId: z.uuid(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  /** Why it would not be sent; null when it can go. */
  skipReason: z.enum(REMINDER_SKIP_REASONS).nullable(),
});
export type ReminderPreview = z.infer<typeof reminderPreviewSchema>;

/**
 * Whether a receivable may be reminded today and to whom (SPEC §4): skipped when paid,
 * canceled, without counterparty or e-mail, or not past due; and when the customer's reminders
 * are off (only for the daily run: a person may still send one).
 */
export function reminderSkipReason(
  receivable: { status: string; dueDate: string },
  customer: { exists: boolean; remindersEnabled: boolean; recipients: readonly string[] },
  today: string,
  origin: 'automatic' | 'manual',
): ReminderSkipReason | null {
  if (receivable.status === 'paid') return 'paid';
  if (receivable.status === 'canceled') return 'canceled';
  if (!customer.exists) return 'no_counterparty';
  if (origin === 'automatic' && !customer.remindersEnabled) return 'reminders_off';
  if (customer.recipients.length === 0) return 'no_email';
  if (receivable.dueDate >= today) return 'not_past_due';
  return null;
}

/**
 * The template a receivable is due for today: of the given types, the one with the largest
 * interval the receivable has reached since its due date — unless a reminder of that interval or
 * a later one was sent already (then none: a late run never sends an earlier reminder after a
 * later one). The daily run sends an automatic one; a manual one is shown as due to a person.
 */
export function dueReminderTemplate<T extends { intervalDays: number; type: ReminderType }>(
  templates: readonly T[],
  types: readonly ReminderType[],
  dueDate: string,
  today: string,
  largestSentInterval: number,
): T | null {
  const reached = [...templates]
    .filter((template) => types.includes(template.type) && addDaysIso(dueDate, template.intervalDays) <= today)
    .sort((a, b) => a.intervalDays - b.intervalDays)
    .at(-1);
  return reached && reached.intervalDays > largestSentInterval ? reached : null;
}
