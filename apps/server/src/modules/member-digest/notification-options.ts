import { and, eq } from 'drizzle-orm';
import {
  availableNotificationOptions,
  mayReceiveNotification,
  type NotificationOption,
  type NotificationOptionsResponse,
} from '@kontor/domain';
import type { Database } from '../../db/database';
import { memberships } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';

/** The domain's rules under the names the digest uses. */
export const mayReceive = mayReceiveNotification;
export const availableOptions = availableNotificationOptions;

const tenant = (org: OrgContext) => ({ orgId: org.orgId, userId: org.userId });

/** The signed-in member's e-mail notifications in the current organisation (SPEC §3, §6). */
export async function readNotificationOptions(database: Database, org: OrgContext): Promise<NotificationOptionsResponse> {
  const [row] = await database.withOrg(tenant(org), (tx) =>
    tx
      .select({ options: memberships.notificationOptions })
      .from(memberships)
      .where(and(eq(memberships.organizationId, org.orgId), eq(memberships.userId, org.userId))),
  );
  return { options: row?.options ?? [], available: availableOptions(org.role, org.permissions) };
}

/**
 * Replaces the member's choice. An option they may not choose (not built yet, or its content
 * needs a permission they lack) is refused by name rather than dropped without a word.
 */
export async function changeNotificationOptions(
  database: Database,
  org: OrgContext,
  options: NotificationOption[],
): Promise<NotificationOptionsResponse> {
  const available = availableOptions(org.role, org.permissions);
  if (options.some((option) => !available.includes(option))) {
    throw new AppError('validation_failed', undefined, { fieldErrors: { options: ['notification_option_unavailable'] } });
  }
  await database.withOrg(tenant(org), (tx) =>
    tx
      .update(memberships)
      .set({ notificationOptions: options })
      .where(and(eq(memberships.organizationId, org.orgId), eq(memberships.userId, org.userId))),
  );
  return { options, available };
}
