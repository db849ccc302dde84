import { z } from 'zod';
import { REMINDER_EMAIL_EVENTS } from './payment-reminder';

/**
 * What a mail provider reports about a sent e-mail (issue 66 item 4), normalised from
 * Postmark/SendGrid/Mailgun-style webhooks: everything but "sent", which Kontor knows itself.
 */
export const REPORTED_MAIL_EVENTS = REMINDER_EMAIL_EVENTS.filter(
  (event): event is Exclude<(typeof REMINDER_EMAIL_EVENTS)[number], 'sent'> => event !== 'sent',
);
export type ReportedMailEvent = (typeof REPORTED_MAIL_EVENTS)[number];

/** The most events one webhook call may carry; providers batch at most about this many. */
export const MAIL_EVENTS_PER_CALL = 100;

export const mailEventWebhookBodySchema = z.object({
  events: z
    .array(
      z.object({
        /** The Message-ID Kontor gave the mail, with or without angle brackets. */
        messageId: z.string().trim().min(3).max(998),
        event: z.enum(REPORTED_MAIL_EVENTS),
        at: z.iso.datetime({ offset: true }).optional(),
      }),
    )
    .min(1)
    .max(MAIL_EVENTS_PER_CALL),
});
export type MailEventWebhookBody = z.infer<typeof mailEventWebhookBodySchema>;

export const mailEventWebhookResponseSchema = z.object({
  /** Events that named a payment reminder's mail; the others are accepted and ignored. */
  recorded: z.number().int().min(0),
});
