import { z } from 'zod';
import { hasPermission, type Permission, type Role } from '../permissions';

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
 * The options whose digest section is built: all seven (issue 66 built the paid receivables,
 * issue 68 the others). Only these are offered: an option that sends nothing would be a promise
 * Kontor does not keep.
 */
export const DIGEST_OPTIONS = [
  'new_invoices',
  'invoices_needing_approval',
  'invoices_ready_for_export',
  'transactions_due_soon',
  'payment_runs_needing_approval',
  'payment_runs_ready_for_export',
  'paid_receivables',
] as const satisfies readonly NotificationOption[];
export type DigestOption = (typeof DIGEST_OPTIONS)[number];

/** What a member must hold to see an option's content (an admin holds everything). */
export const NOTIFICATION_OPTION_PERMISSIONS: Record<NotificationOption, Permission | null> = {
  // Every invoice that arrived: only who sees all invoices (invoices/policy.ts canSeeAllInvoices).
  new_invoices: 'ap_invoices:manage',
  // An approver sees and decides the invoices waiting for them without any permission (SPEC §6).
  invoices_needing_approval: null,
  // What the export screen's invoices tab offers (exports/selection.ts sourcePermission).
  invoices_ready_for_export: 'ap_invoices:manage',
  // The transactions screen and its dashboard.
  transactions_due_soon: 'payment_runs:manage',
  // Unlike an invoice, a payment run is opened and approved only with payment_runs:manage (every
  // /api/payment-runs route and the /pr screen need it): an approver without it could not act on the mail.
  payment_runs_needing_approval: 'payment_runs:manage',
  payment_runs_ready_for_export: 'payment_runs:manage',
  paid_receivables: 'ar_invoices:manage',
};

/** Whether a member with `role` and `permissions` may receive the option's content. */
export function mayReceiveNotification(option: NotificationOption, role: Role, permissions: readonly Permission[]): boolean {
  const required = NOTIFICATION_OPTION_PERMISSIONS[option];
  return required === null || hasPermission(role, permissions, required);
}

/** The options a member may choose: the digest's built sections whose content they may see. */
export function availableNotificationOptions(role: Role, permissions: readonly Permission[]): DigestOption[] {
  return DIGEST_OPTIONS.filter((option) => mayReceiveNotification(option, role, permissions));
}

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
