import { and, eq, sql } from 'drizzle-orm';
import {
  DIGEST_OPTIONS,
  digestPeriod,
  isHolidayRegion,
  localDateTime,
  zonedTime,
  type DigestOption,
  type HolidayRegion,
  type Locale,
  type Permission,
  type Role,
} from '@kontor/domain';
import type { Database, OrgId, Tx } from '../../db/database';
import { memberDigests, memberships, organizations, users } from '../../db/schema';
import { runOnBusinessMornings } from '../../lib/business-morning-run';
import type { Mailer } from '../../plugins/foundation-types';
import { translateNotification } from '../../lib/i18n';
import { composeDigest } from './digest-mail';
import type { DigestContext, DigestSection, RenderedSection } from './digest-section';
import { invoicesNeedingApprovalSection } from './invoices-needing-approval-section';
import { invoicesReadyForExportSection } from './invoices-ready-for-export-section';
import { newInvoicesSection } from './new-invoices-section';
import { mayReceive } from './notification-options';
import { paidReceivablesSection } from './paid-receivables-section';
import { paymentRunsNeedingApprovalSection } from './payment-runs-needing-approval-section';
import { paymentRunsReadyForExportSection } from './payment-runs-ready-for-export-section';
import { transactionsDueSoonSection } from './transactions-due-soon-section';
import { EVERY_OPTION, unsubscribeToken } from './unsubscribe-token';

export const DIGEST_MAIL_TEMPLATE = 'member_digest';

/**
 * Each option's section, read once per organisation and run when a reader chose it (a fixed number
 * of queries each, however many members read it; the approval sections read every approver's part
 * at once and render each reader's own).
 */
const SECTION_BUILDERS: Record<DigestOption, (context: DigestContext) => Promise<DigestSection | null>> = {
  new_invoices: newInvoicesSection,
  invoices_needing_approval: invoicesNeedingApprovalSection,
  invoices_ready_for_export: invoicesReadyForExportSection,
  transactions_due_soon: transactionsDueSoonSection,
  payment_runs_needing_approval: paymentRunsNeedingApprovalSection,
  payment_runs_ready_for_export: paymentRunsReadyForExportSection,
  paid_receivables: paidReceivablesSection,
};

export interface DigestDeps {
  database: Database;
  mailer: Mailer;
  publicUrl: string;
  /** Signs the unsubscribe links (the session secret). */
  secret: string;
}

export interface DigestRunResult {
  organizations: number;
  mails: number;
  quiet: number;
}

/** A member who may receive a digest: their choice, permissions and address. */
export interface DigestReader {
  userId: string;
  role: string;
  permissions: string[];
  options: string[];
  email: string;
  name: string;
  locale: string | null;
}

const READER_COLUMNS = {
  userId: memberships.userId,
  role: memberships.role,
  permissions: memberships.permissions,
  options: memberships.notificationOptions,
  email: users.email,
  name: users.name,
  locale: users.locale,
};

/** The organisation's digest of the day `now` falls on: its context and its sections, each read at most once. */
export interface OrganizationDigest {
  context: DigestContext;
  organization: string;
  /** The mail for one reader, or null when none of their sections has something to say. */
  compose(reader: DigestReader): Promise<{ subject: string; text: string; html: string; unsubscribeUrl: string } | null>;
}

export async function openOrganizationDigest(
  tx: Tx,
  orgId: OrgId,
  links: { publicUrl: string; secret: string },
  now: Date,
): Promise<OrganizationDigest | null> {
  const { publicUrl } = links;
  const [org] = await tx
    .select({
      slug: organizations.slug,
      name: organizations.name,
      timeZone: organizations.timeZone,
      region: organizations.holidayRegion,
    })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  if (!org) return null;
  const today = localDateTime(now, org.timeZone).date;
  const region: HolidayRegion = isHolidayRegion(org.region) ? org.region : 'DE';
  const period = digestPeriod(today, region);
  const context: DigestContext = {
    tx,
    orgId,
    orgUrl: `${publicUrl}/${org.slug}`,
    today,
    period,
    since: zonedTime(period.from, 0, org.timeZone),
    until: zonedTime(today, 0, org.timeZone),
    timeZone: org.timeZone,
  };
  const sections = new Map<DigestOption, Promise<DigestSection | null>>();
  const sectionOf = (option: DigestOption) => {
    if (!sections.has(option)) sections.set(option, SECTION_BUILDERS[option](context));
    return sections.get(option)!;
  };
  return {
    context,
    organization: org.name,
    compose: async (reader) => {
      const chosen = DIGEST_OPTIONS.filter(
        (option) =>
          reader.options.includes(option) && mayReceive(option, reader.role as Role, reader.permissions as Permission[]),
      );
      const locale: Locale = reader.locale === 'de' ? 'de' : 'en';
      const rendered: RenderedSection[] = [];
      const unsubscribe: { option: string; url: string }[] = [];
      for (const option of chosen) {
        // Null: nothing to report, for anyone (no section) or for this reader (their approvals).
        const section = (await sectionOf(option))?.render(locale, reader);
        if (!section) continue;
        rendered.push(section);
        const token = unsubscribeToken(links.secret, { orgId, userId: reader.userId, option });
        unsubscribe.push({
          option: translateNotification(`option_${option}`, locale),
          url: `${publicUrl}/m/u/${token}`,
        });
      }
      if (rendered.length === 0) return null;
      const unsubscribeAll = unsubscribeToken(links.secret, { orgId, userId: reader.userId, option: EVERY_OPTION });
      const mail = composeDigest({
        locale,
        name: reader.name || reader.email,
        organization: org.name,
        sections: rendered,
        settingsLink: context.orgUrl,
        unsubscribe,
      });
      return { ...mail, unsubscribeUrl: `${publicUrl}/m/u/${unsubscribeAll}` };
    },
  };
}

/** One member as a digest reader (the sample a member asks for). */
export async function readDigestReader(tx: Tx, orgId: OrgId, userId: string): Promise<DigestReader | null> {
  const [row] = await tx
    .select(READER_COLUMNS)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, userId)));
  return row ?? null;
}

/**
 * One organisation's digests of its business morning `now`, in one transaction: for each member
 * who chose options and has no digest of the day yet, a row in member_digests (its primary key
 * makes a second worker or a retry wait and then write nothing) and, when a chosen section has
 * something to say, one e-mail through the outbox. A crash rolls back rows and mails together.
 */
export async function runOrganizationDigests(
  deps: DigestDeps,
  orgId: OrgId,
  now: Date,
): Promise<{ mails: number; quiet: number }> {
  return deps.database.withOrg({ orgId, userId: null }, async (tx) => {
    const digest = await openOrganizationDigest(tx, orgId, deps, now);
    if (!digest) return { mails: 0, quiet: 0 };
    const { today } = digest.context;
    const readers = await tx
      .select(READER_COLUMNS)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.organizationId, orgId),
          sql`${memberships.notificationOptions} && ${sql.param([...DIGEST_OPTIONS])}::text[]`,
          sql`not exists (select 1 from member_digests d where d.organization_id = ${orgId}
                 and d.user_id = ${memberships.userId} and d.digest_date = ${today}::date)`,
        ),
      )
      .orderBy(memberships.userId);

    let mails = 0;
    let quiet = 0;
    for (const reader of readers) {
      const [claimed] = await tx
        .insert(memberDigests)
        .values({ organizationId: orgId, userId: reader.userId, digestDate: today })
        .onConflictDoNothing()
        .returning({ userId: memberDigests.userId });
      if (!claimed) continue; // another worker wrote this member's digest of the day
      const mail = await digest.compose(reader);
      if (!mail) {
        quiet += 1;
        continue;
      }
      const { id } = await deps.mailer.enqueue(tx, {
        organizationId: orgId,
        to: [reader.email],
        ...mail,
        template: DIGEST_MAIL_TEMPLATE,
      });
      await tx
        .update(memberDigests)
        .set({ mailId: id })
        .where(
          and(
            eq(memberDigests.organizationId, orgId),
            eq(memberDigests.userId, reader.userId),
            eq(memberDigests.digestDate, today),
          ),
        );
      mails += 1;
    }
    return { mails, quiet };
  });
}

/**
 * The scheduled run (every quarter of an hour): the organisations with a member still waiting for
 * today's digest, on their business morning (own time zone, own public holidays). What ran once
 * a day does not run again; a later run of the same day picks up a member who chose options since.
 */
export async function runDailyDigests(
  deps: DigestDeps,
  now = new Date(),
  onFailure: (orgId: string, error: unknown) => void = () => undefined,
): Promise<DigestRunResult> {
  const orgs = await deps.database.withSystem((tx) =>
    tx
      .select({ id: organizations.id, timeZone: organizations.timeZone, region: organizations.holidayRegion })
      .from(organizations)
      .where(
        sql`exists (select 1 from memberships m where m.organization_id = ${organizations.id}
              and m.notification_options && ${sql.param([...DIGEST_OPTIONS])}::text[]
              and not exists (select 1 from member_digests d where d.organization_id = m.organization_id
                    and d.user_id = m.user_id and d.digest_date = (${now.toISOString()}::timestamptz at time zone ${organizations.timeZone})::date))`,
      ),
  );
  const result: DigestRunResult = { organizations: 0, mails: 0, quiet: 0 };
  result.organizations = await runOnBusinessMornings(
    orgs,
    now,
    async (orgId) => {
      const counts = await runOrganizationDigests(deps, orgId, now);
      result.mails += counts.mails;
      result.quiet += counts.quiet;
    },
    onFailure,
  );
  return result;
}
