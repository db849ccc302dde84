import { z } from 'zod';
import type { Permission } from '../permissions';

/**
 * The e-mail notification options a member chooses per organisation (SPEC §3 team member, §6).
 * Stored on the membership; the daily digest (one e-mail per member and business morning) has
 * one section per option the member chose.
 */
export const NOTIFICATION_OPTIONS = [
  'new_invoices',
  'invoices_needing_approval',
  'invoices_ready_for_export',
  'transactions_due_soon',
  'payment_runs_needing_approval',
  'payment_runs_ready_for_export',
  'paid_receivables',
] as const;
export type NotificationOption = (typeof NOTIFICATION_OPTIONS)[number];

/**
 * The options whose digest section is built (issue 66: the previous day's paid receivables; the
 * others follow with the digest slice, issue 68). Only these are offered: an option that sends
 * nothing would be a promise Kontor does not keep.
 */
export const DIGEST_OPTIONS = ['paid_receivables'] as const satisfies readonly NotificationOption[];
export type DigestOption = (typeof DIGEST_OPTIONS)[number];

/** What a member must hold to see an option's content (an admin holds everything). */
export const NOTIFICATION_OPTION_PERMISSIONS: Record<NotificationOption, Permission | null> = {
  new_invoices: 'ap_invoices:manage',
  invoices_needing_approval: null, // approvers need no permission to decide (SPEC §6)
  invoices_ready_for_export: 'ap_invoices:manage',
  transactions_due_soon: 'payment_runs:manage',
  payment_runs_needing_approval: null,
  payment_runs_ready_for_export: 'payment_runs:manage',
  paid_receivables: 'ar_invoices:manage',
};

export const notificationOptionSchema = z.enum(NOTIFICATION_OPTIONS);

/** A member's choice: each option at most once, stored in the list's order. */
export const notificationOptionsSchema = z
  .array(notificationOptionSchema)
  .max(NOTIFICATION_OPTIONS.length)
  .transform((options) => NOTIFICATION_OPTIONS.filter((option) => options.includes(option)));

export const notificationOptionsBodySchema = z.object({ options: notificationOptionsSchema });

export const notificationOptionsResponseSchema = z.object({
  options: z.array(notificationOptionSchema),
  /** The options this member may choose here: built ones whose content they may see. */
  available: z.array(notificationOptionSchema),
});
export type NotificationOptionsResponse = z.infer<typeof notificationOptionsResponseSchema>;
