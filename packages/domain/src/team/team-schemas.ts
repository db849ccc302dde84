import { z } from 'zod';
import { EMAIL_PATTERN } from '../counterparties/counterparty-record';
import { notificationOptionSchema, notificationOptionsSchema } from '../notifications/notification-options';
import { PERMISSIONS, ROLES } from '../permissions';

// Built here rather than taken from permissions.ts: the web's first screen loads permissions.ts,
// and using its schemas in the team dialogs would pull zod into that first chunk.
const roleSchema = z.enum(ROLES);
const permissionListSchema = z.array(z.enum(PERMISSIONS));

/**
 * The team (issue 67, SPEC §2 team, §3 team member and invitation, §6 team_members:manage): the
 * members of an organisation with their role and permissions, and the invitations by e-mail.
 */

export const teamMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  /** What a user holds; an admin holds everything and the list is empty. */
  permissions: permissionListSchema,
  joinedAt: z.string(),
  /** The e-mail notifications the member chose here (SPEC §3, §6). */
  notificationOptions: z.array(notificationOptionSchema),
  version: z.number().int(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamMemberListSchema = z.object({ items: z.array(teamMemberSchema) });

/** A role must be selected (SPEC §5); an admin's permissions are all of them, so none are stored. */
const roleChoice = z.enum(['admin', 'user'], { message: 'select_role' });

export const updateTeamMemberBodySchema = z.object({
  role: roleChoice,
  permissions: permissionListSchema.max(20),
  version: z.number().int().positive(),
});
export type UpdateTeamMemberBody = z.infer<typeof updateTeamMemberBodySchema>;

/** A manager sets a member's e-mail notifications (issue 68): the whole choice. */
export const memberNotificationOptionsBodySchema = z.object({ options: notificationOptionsSchema });

/** Pending until accepted (it is then a member), revoked by a person, or expired by time (SPEC §3). */
export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: roleSchema,
  permissions: permissionListSchema,
  status: z.enum(INVITATION_STATUSES),
  invitedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** When the link stops working; a re-invite sends a new link with a new expiry. */
  expiresAt: z.string(),
  version: z.number().int(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = z.object({ items: z.array(invitationSchema) });

export const createInvitationBodySchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { message: 'required' })
    .max(320, { message: 'too_long' })
    .regex(EMAIL_PATTERN, { message: 'invalid_email' })
    .transform((email) => email.toLowerCase()),
  role: roleChoice,
  permissions: permissionListSchema.max(20),
});
export type CreateInvitationBody = z.input<typeof createInvitationBodySchema>;

export const invitationVersionBodySchema = z.object({ version: z.number().int().positive() });

/** What the invitation page shows before anyone signs in (GET /api/public/invitations/:token). */
export const invitationDetailsSchema = z.object({
  organizationName: z.string(),
  invitedByName: z.string().nullable(),
  email: z.string(),
  role: roleSchema,
  status: z.enum(INVITATION_STATUSES),
  expiresAt: z.string(),
  /** The address of whoever is signed in in this browser, to say when it is not the invited one. */
  signedInEmail: z.string().nullable(),
});
export type InvitationDetails = z.infer<typeof invitationDetailsSchema>;

export const invitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32,64}$/);
export const acceptInvitationBodySchema = z.object({ token: invitationTokenSchema });
