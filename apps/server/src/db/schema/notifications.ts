import { date, foreignKey, primaryKey, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orgColumn } from './columns';
import { memberships } from './organizations';

/**
 * One row per member, organisation and business day the digest ran for (issue 66 item 5, issue 68):
 * the primary key is what makes it once a day under retries and several workers. A day with
 * nothing to say gets a row without a mail, so the quarter-hourly runs do not look again.
 */
export const memberDigests = pgTable(
  'member_digests',
  {
    organizationId: orgColumn(),
    userId: uuid('user_id').notNull(),
    digestDate: date('digest_date').notNull(),
    mailId: uuid('mail_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId, table.digestDate] }),
    foreignKey({
      name: 'member_digests_member_fk',
      columns: [table.organizationId, table.userId],
      foreignColumns: [memberships.organizationId, memberships.userId],
    }).onDelete('cascade'),
  ],
);
