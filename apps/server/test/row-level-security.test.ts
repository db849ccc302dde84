import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { asOrgId } from '../src/db/database';
import { activityLog, memberships, organizations, subscriptions, users } from '../src/db/schema';
import { createOrganization } from '../src/modules/organizations/service';
import { createTestDatabase, type TestDatabase } from './database';

/** The PostgreSQL error under drizzle's wrapper. */
async function databaseError(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    return String((error as { cause?: { message?: string } }).cause?.message ?? error);
  }
  return 'no error';
}

/** The backstop behind org scoping: even a query that forgets its filter sees one organisation. */
describe('row-level security', () => {
  let testDb: TestDatabase;
  let orgA: string;
  let orgB: string;
  let userA: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const [a, b] = await testDb.database.db
      .insert(users)
      .values([
        { authSubject: 'test|a', email: 'a@example.test' },
        { authSubject: 'test|b', email: 'b@example.test' },
      ])
      .returning({ id: users.id });
    userA = a!.id;
    orgA = (await createOrganization(testDb.database, { name: 'Alpha GmbH', adminUserId: a!.id })).id;
    orgB = (await createOrganization(testDb.database, { name: 'Beta AG', adminUserId: b!.id })).id;
  });
  afterAll(async () => testDb.drop());

  it('shows a tenant transaction only its own rows, without any where clause', async () => {
    const seen = await testDb.database.withOrg({ orgId: asOrgId(orgA), userId: userA }, async (tx) => ({
      organizations: await tx.select({ id: organizations.id }).from(organizations),
      memberships: await tx.select({ org: memberships.organizationId }).from(memberships),
      subscriptions: await tx.select({ org: subscriptions.organizationId }).from(subscriptions),
      activity: await tx.select({ org: activityLog.organizationId }).from(activityLog),
      users: await tx.select({ id: users.id }).from(users),
    }));
    expect(seen.organizations.map((row) => row.id)).toEqual([orgA]);
    expect(new Set(seen.memberships.map((row) => row.org))).toEqual(new Set([orgA]));
    expect(seen.subscriptions.map((row) => row.org)).toEqual([orgA]);
    expect(seen.activity.length).toBeGreaterThan(0);
    expect(new Set(seen.activity.map((row) => row.org))).toEqual(new Set([orgA]));
    expect(seen.users.map((row) => row.id)).toEqual([userA]);
  });

  it('refuses to write rows into another organisation', async () => {
    const message = await databaseError(
      testDb.database.withOrg({ orgId: asOrgId(orgA), userId: userA }, (tx) =>
        tx
          .insert(activityLog)
          .values({ organizationId: orgB, entityType: 'organization', entityId: orgB, action: 'update', actorType: 'user' }),
      ),
    );
    expect(message).toMatch(/row-level security/);
  });

  it('cannot change another organisation even by id', async () => {
    const updated = await testDb.database.withOrg({ orgId: asOrgId(orgA), userId: userA }, (tx) =>
      tx
        .update(organizations)
        .set({ name: 'hijacked' })
        .where(sql`${organizations.id} = ${orgB}`)
        .returning(),
    );
    expect(updated).toEqual([]);
    const [b] = await testDb.database.db
      .select({ name: organizations.name })
      .from(organizations)
      .where(sql`${organizations.id} = ${orgB}`);
    expect(b?.name).toBe('Beta AG');
  });

  it('keeps the activity log append-only for the application', async () => {
    const context = { orgId: asOrgId(orgA), userId: userA };
    expect(
      await databaseError(testDb.database.withOrg(context, (tx) => tx.update(activityLog).set({ action: 'delete' }))),
    ).toMatch(/permission denied/);
    expect(await databaseError(testDb.database.withOrg(context, (tx) => tx.delete(activityLog)))).toMatch(/permission denied/);
  });

  it('sees nothing at all without an organisation', async () => {
    const rows = await testDb.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'kontor_app', true)`);
      return tx.select({ id: organizations.id }).from(organizations);
    });
    expect(rows).toEqual([]);
  });
});
