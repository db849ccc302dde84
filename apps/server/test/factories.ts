import { randomUUID } from 'node:crypto';
import type { Permission } from '@kontor/domain';
import { memberships, users } from '../src/db/schema';
import { createOrganization } from '../src/modules/organizations/service';
import type { TestApp } from './harness';

export interface TestUser {
  userId: string;
  email: string;
  /** The Cookie header of a signed-in session. */
  cookie: string;
}

export async function createUser(
  testApp: TestApp,
  email = `user-${randomUUID().slice(0, 8)}@example.test`,
): Promise<{ userId: string; email: string }> {
  const [row] = await testApp.database.db
    .insert(users)
    .values({ authSubject: `test|${randomUUID()}`, email, name: email.split('@')[0] ?? '' })
    .returning({ id: users.id });
  return { userId: row!.id, email };
}

export async function signIn(testApp: TestApp, userId: string, organizationId: string | null): Promise<string> {
  const { raw } = await testApp.app.sessions.create(userId, organizationId, null, {});
  return `${testApp.app.sessionCookie.name}=${raw}`;
}

export interface TestOrganization {
  id: string;
  slug: string;
  admin: TestUser;
}

/** An organisation with its admin signed in. */
export async function createOrganizationWithAdmin(
  testApp: TestApp,
  name = `Org ${randomUUID().slice(0, 6)}`,
): Promise<TestOrganization> {
  const admin = await createUser(testApp);
  const row = await createOrganization(testApp.database, { name, adminUserId: admin.userId });
  return { id: row.id, slug: row.slug, admin: { ...admin, cookie: await signIn(testApp, admin.userId, row.id) } };
}

/** A member with role user and exactly these permissions, signed in to the organisation. */
export async function addMember(
  testApp: TestApp,
  organizationId: string,
  permissions: Permission[] = [],
  role: 'admin' | 'user' = 'user',
): Promise<TestUser> {
  const user = await createUser(testApp);
  await testApp.database.db.insert(memberships).values({ organizationId, userId: user.userId, role, permissions });
  return { ...user, cookie: await signIn(testApp, user.userId, organizationId) };
}

/** Headers of a same-origin browser request with a session. */
export function browser(cookie: string, extra: Record<string, string> = {}): Record<string, string> {
  return { cookie, origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', ...extra };
}
