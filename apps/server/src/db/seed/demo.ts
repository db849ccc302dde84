import { and, eq, sql } from 'drizzle-orm';
import type { Permission } from '@kontor/domain';
import type { Config } from '../../config';
import { asOrgId, type Database } from '../database';
import { memberships, organizations, subscriptions, users } from '../schema';
import { ensureIdentityAccount } from '../../idp';
import { authSubjectOf } from '../../modules/auth/service';
import { createOrganization } from '../../modules/organizations/service';
import { seedDemoMasterData } from './demo-master-data';

export const DEMO_PASSWORD = 'kontor-demo';

interface DemoUser {
  email: string;
  name: string;
  memberships: { slug: string; role: 'admin' | 'user'; permissions: Permission[] }[];
}

/**
 * Muster AG has its admin as its only member: nobody else could give a final approval there, so
 * its four-eyes principle is off (Demo GmbH keeps it on: Carl Clerk approves what Anna uploads).
 */
export const DEMO_ORGANIZATIONS = [
  { slug: 'demo', name: 'Demo GmbH', plan: 'growth' as const, fourEyesApproval: true },
  { slug: 'muster', name: 'Muster AG', plan: 'professional' as const, fourEyesApproval: false },
];

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@demo.kontor.test',
    name: 'Anna Admin',
    memberships: [
      { slug: 'demo', role: 'admin', permissions: [] },
      { slug: 'muster', role: 'admin', permissions: [] },
    ],
  },
  {
    email: 'clerk@demo.kontor.test',
    name: 'Carl Clerk',
    memberships: [{ slug: 'demo', role: 'user', permissions: ['ap_invoices:manage'] }],
  },
];

/**
 * Demo organisations and users (idempotent: what exists is left as it is).
 * Sign-in needs the built-in provider; with an external one only the organisations are made.
 */
export async function seedDemoData(database: Database, config: Config): Promise<void> {
  const userIds = new Map<string, string>();
  for (const demoUser of DEMO_USERS) {
    if (config.oidc.kind !== 'builtin') continue;
    const account = await ensureIdentityAccount(database, {
      email: demoUser.email,
      password: DEMO_PASSWORD,
      name: demoUser.name,
      locale: null,
    });
    const authSubject = authSubjectOf(config.oidc, account.id);
    const [row] = await database.db
      .insert(users)
      .values({ authSubject, email: demoUser.email, name: demoUser.name })
      .onConflictDoUpdate({ target: users.authSubject, set: { email: sql`excluded.email` } })
      .returning({ id: users.id });
    if (row) userIds.set(demoUser.email, row.id);
  }

  const adminId = userIds.get('admin@demo.kontor.test');
  for (const demoOrg of DEMO_ORGANIZATIONS) {
    const [existing] = await database.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.slug, demoOrg.slug));
    if (existing || !adminId) continue;
    const row = await createOrganization(database, { name: demoOrg.name, slug: demoOrg.slug, adminUserId: adminId });
    await database.db
      .update(subscriptions)
      .set({ plan: demoOrg.plan, status: 'active', trialEndsAt: null })
      .where(eq(subscriptions.organizationId, asOrgId(row.id)));
    await database.db
      .update(organizations)
      .set({ fourEyesApproval: demoOrg.fourEyesApproval })
      .where(eq(organizations.id, row.id));
  }

  for (const demoOrg of DEMO_ORGANIZATIONS) {
    const [org] = await database.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.slug, demoOrg.slug));
    if (org) await seedDemoMasterData(database, org.id, demoOrg.slug);
  }

  for (const demoUser of DEMO_USERS) {
    const userId = userIds.get(demoUser.email);
    if (!userId) continue;
    for (const membership of demoUser.memberships) {
      const [org] = await database.db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.slug, membership.slug));
      if (!org) continue;
      await database.db
        .insert(memberships)
        .values({ organizationId: org.id, userId, role: membership.role, permissions: membership.permissions })
        .onConflictDoNothing();
    }
    const [first] = await database.db
      .select({ organizationId: memberships.organizationId })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(and(eq(memberships.userId, userId), eq(organizations.slug, demoUser.memberships[0]?.slug ?? '')));
    if (first) {
      await database.db
        .update(users)
        .set({ currentOrganizationId: first.organizationId })
        .where(and(eq(users.id, userId), sql`${users.currentOrganizationId} is null`));
    }
  }
}
