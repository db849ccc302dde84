import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { accessExpiry, todayIso, type AccessExpiry, type Locale } from '@kontor/domain';
import type { Database, OrgId, Tx } from '../../db/database';
import { bankConnections, memberships, organizations, users } from '../../db/schema';
import { translateNotification } from '../../lib/i18n';
import type { Mailer } from '../../plugins/foundation-types';
import { writtenDate } from '../approvals/reminders';
import { listConnectedAccountRows, type BankConnectionRow } from './repo';
import { expireConnection } from './sync';

/** How far a warning has gone: a later one is sent even if an earlier one was missed, never the same twice. */
const WARNING_RANK: Record<Exclude<AccessExpiry, 'ok'>, number> = { expiring_30: 1, expiring_14: 2, expiring_3: 3, expired: 4 };
const WARNING_WINDOW_DAYS = 30;

/** The organisations with a connection whose access ends within 30 days, or ended unannounced (the daily dispatch). */
export async function listWarningOrganizations(database: Database): Promise<OrgId[]> {
  const rows = await database.withSystem((tx) =>
    tx
      .selectDistinct({ id: bankConnections.organizationId })
      .from(bankConnections)
      .where(
        and(
          or(
            and(eq(bankConnections.status, 'expired'), sql`${bankConnections.accessWarning} is distinct from 'expired'`),
            and(
              eq(bankConnections.status, 'active'),
              sql`${bankConnections.accessValidUntil} < now() + make_interval(days => ${WARNING_WINDOW_DAYS})`,
            ),
          ),
        ),
      ),
  );
  return rows.map((row) => row.id as OrgId);
}

interface Admin {
  email: string;
  name: string;
  locale: Locale;
}

async function listAdmins(tx: Tx, orgId: OrgId): Promise<Admin[]> {
  const rows = await tx
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, orgId), eq(memberships.role, 'admin')));
  return rows.map((row) => ({ email: row.email, name: row.name || row.email, locale: row.locale === 'de' ? 'de' : 'en' }));
}

/** Whether this level was mailed for this validity already (or a later one was). */
function isWarnedAlready(row: BankConnectionRow, level: Exclude<AccessExpiry, 'ok'>): boolean {
  if (!row.accessWarning || row.accessWarningValidUntil?.getTime() !== row.accessValidUntil?.getTime()) return false;
  return WARNING_RANK[row.accessWarning] >= WARNING_RANK[level];
}

/**
 * SPEC §4: access ends and must be renewed. Once a day, the admins hear of each connection whose
 * access ends within 30, 14 or 3 days, and once it has ended (the connection turns `expired`):
 * each warning once per connection and validity (a renewal starts over), in each admin's
 * language. One transaction with the rows locked: a retried job finds the warning recorded and
 * sends nothing twice. Answers how many mails went out.
 */
export async function sendAccessWarnings(
  database: Database,
  deps: { mailer: Mailer; publicUrl: string },
  orgId: OrgId,
  now = new Date(),
): Promise<number> {
  return database.withOrg({ orgId, userId: null }, async (tx) => {
    const rows = await tx
      .select()
      .from(bankConnections)
      .where(
        and(
          eq(bankConnections.organizationId, orgId),
          inArray(bankConnections.status, ['active', 'expired']),
          isNotNull(bankConnections.accessValidUntil),
        ),
      )
      .for('update');
    const due = rows.flatMap((row) => {
      // Ended by the bank before its date (the sync found out): expired all the same.
      const level = row.status === 'expired' ? 'expired' : accessExpiry(row.accessValidUntil, now);
      return level === 'ok' || isWarnedAlready(row, level) ? [] : [{ row, level }];
    });
    if (due.length === 0) return 0;
    const [organization] = await tx.select({ slug: organizations.slug }).from(organizations).where(eq(organizations.id, orgId));
    const admins = await listAdmins(tx, orgId);
    const accounts = await listConnectedAccountRows(
      tx,
      orgId,
      due.map(({ row }) => row.id),
    );
    let sent = 0;
    for (const { row, level } of due) {
      if (level === 'expired') await expireConnection(tx, orgId, row.id);
      const ibans = accounts.filter((account) => account.bankConnectionId === row.id).map((account) => account.iban);
      for (const admin of admins) {
        await mailWarning(tx, deps, orgId, admin, {
          row,
          level,
          ibans,
          link: `${deps.publicUrl}/${organization!.slug}/settings/bank-accounts`,
        });
        sent += 1;
      }
      await tx
        .update(bankConnections)
        .set({ accessWarning: level, accessWarningValidUntil: row.accessValidUntil })
        .where(and(eq(bankConnections.organizationId, orgId), eq(bankConnections.id, row.id)));
    }
    return sent;
  });
}

async function mailWarning(
  tx: Tx,
  deps: { mailer: Mailer },
  orgId: OrgId,
  admin: Admin,
  warning: { row: BankConnectionRow; level: Exclude<AccessExpiry, 'ok'>; ibans: string[]; link: string },
): Promise<void> {
  const t = (key: Parameters<typeof translateNotification>[0], params?: Record<string, string>) =>
    translateNotification(key, admin.locale, params);
  const isExpired = warning.level === 'expired';
  const params = {
    name: admin.name,
    bank: warning.row.institutionName,
    accounts: warning.ibans.length > 0 ? warning.ibans.join(', ') : t('bankAccessNoAccounts'),
    date: writtenDate(todayIso(warning.row.accessValidUntil!), admin.locale),
    link: warning.link,
  };
  await deps.mailer.enqueue(tx, {
    organizationId: orgId,
    to: [admin.email],
    subject: t(isExpired ? 'bankAccessExpiredSubject' : 'bankAccessExpiringSubject', params).slice(0, 998),
    text: t(isExpired ? 'bankAccessExpiredBody' : 'bankAccessExpiringBody', params),
    template: isExpired ? 'bank_access_expired' : 'bank_access_expiring',
  });
}
