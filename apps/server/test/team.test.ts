import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invitation, InvitationDetails, TeamMember } from '@kontor/domain';
import { activityLog, approvalFlows, invitations, mailOutbox, memberships, subscriptions } from '../src/db/schema';
import { addMember, browser, createOrganizationWithAdmin, createUser, signIn, type TestOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';

/** Issue 67: members, invitations (accept, expire, revoke, re-invite, limits), last admin, permissions at once. */
describe('team', () => {
  let testApp: TestApp;
  let org: TestOrganization;

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Teamwerk GmbH');
  });
  afterAll(async () => testApp.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = org.admin.cookie) =>
    testApp.app.inject({ method, url, headers: browser(cookie, { 'accept-language': 'en' }), ...(payload ? { payload } : {}) });
  const invite = (email: string, role = 'user', permissions: string[] = [], cookie = org.admin.cookie) =>
    call('POST', '/api/team/invitations', { email, role, permissions }, cookie);
  /** The link's token from the newest invitation mail to `email`. */
  const tokenMailedTo = async (email: string) => {
    const [mail] = await testApp.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'team_invitation')))
      .orderBy(desc(mailOutbox.createdAt));
    const rows = await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'team_invitation'));
    const latest = rows.filter((row) => row.toAddresses.includes(email)).sort((a, b) => +b.createdAt - +a.createdAt)[0] ?? mail;
    const match = /\/invitation\/([A-Za-z0-9_-]+)/.exec(latest!.textBody);
    return { token: match![1]!, mail: latest! };
  };
  const accept = (token: string, cookie: string) => call('POST', '/api/invitations/accept', { token }, cookie);
  const newcomer = async (email: string) => {
    const user = await createUser(testApp, email);
    return { ...user, cookie: await signIn(testApp, user.userId, null) };
  };
  const members = async () => (await call('GET', '/api/team/members')).json<{ items: TeamMember[] }>().items;
  const invitationList = async () => (await call('GET', '/api/team/invitations')).json<{ items: Invitation[] }>().items;

  it('invites by e-mail with a role, and the colleague joins with exactly the granted permissions', async () => {
    const created = await invite('Eva.Neu@Firma.example', 'user', ['ar_invoices:manage']);
    expect(created.statusCode, created.body).toBe(201);
    const invitation = created.json<Invitation>();
    expect(invitation).toMatchObject({
      email: 'eva.neu@firma.example',
      role: 'user',
      permissions: ['ar_invoices:manage'],
      status: 'pending',
    });
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    const { token, mail } = await tokenMailedTo('eva.neu@firma.example');
    expect(mail.subject).toMatch(/invites you to Teamwerk GmbH on Kontor$/);
    expect(mail.textBody).toContain('as user');
    const details = await testApp.app.inject({ method: 'GET', url: `/api/public/invitations/${token}` });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json<InvitationDetails>()).toMatchObject({
      organizationName: 'Teamwerk GmbH',
      email: 'eva.neu@firma.example',
      role: 'user',
      status: 'pending',
      signedInEmail: null,
    });

    const eva = await newcomer('eva.neu@firma.example');
    const joined = await accept(token, eva.cookie);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().user.organization.slug).toBe(org.slug);
    const cookie = String(joined.headers['set-cookie']).split(';')[0]!;
    const permissions = await call('GET', '/api/user/user-permissions', undefined, cookie);
    expect(permissions.json()).toEqual(['ar_invoices:manage']);
    expect((await call('GET', '/api/ar-invoices', undefined, cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/payment-runs', undefined, cookie)).statusCode).toBe(403);

    // Once: the same person again is let through, anyone else is told it was used.
    expect((await accept(token, cookie)).statusCode).toBe(200);
    const other = await newcomer('someone@else.example');
    expect((await accept(token, other.cookie)).json()).toMatchObject({ code: 'invitation_accepted' });
    expect((await invitationList()).find((item) => item.id === invitation.id)).toBeUndefined();
    expect((await members()).map((member) => member.email)).toContain('eva.neu@firma.example');
  });

  it('refuses a missing role, a bad address, a member and a second invitation, in words', async () => {
    const noRole = await call('POST', '/api/team/invitations', { email: 'x@firma.example', permissions: [] });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().fieldErrors.role).toEqual(['Select a role.']);
    const badAddress = await invite('not-an-address');
    expect(badAddress.json().fieldErrors.email).toEqual(['Please enter a valid e-mail address.']);
    const member = await invite(org.admin.email);
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toBe(`${org.admin.email} is already a member of this organisation.`);
    expect((await invite('twice@firma.example')).statusCode).toBe(201);
    const twice = await invite('TWICE@firma.example');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('invitation_already_pending');
  });

  it('refuses a link accepted by another address than the invited one', async () => {
    await invite('right@firma.example');
    const { token } = await tokenMailedTo('right@firma.example');
    const wrong = await newcomer('wrong@firma.example');
    const refused = await accept(token, wrong.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'This invitation is for right@firma.example, but you are signed in as wrong@firma.example. Sign out and sign in or sign up with right@firma.example.',
    );
  });

  it('revokes, expires and re-invites: an old link stops working, the new one works', async () => {
    const created = (await invite('later@firma.example')).json<Invitation>();
    const { token: first } = await tokenMailedTo('later@firma.example');
    const revoked = await call('POST', `/api/team/invitations/${created.id}/revoke`, { version: created.version });
    expect(revoked.json<Invitation>().status).toBe('revoked');
    const later = await newcomer('later@firma.example');
    expect((await accept(first, later.cookie)).json()).toMatchObject({ code: 'invitation_revoked' });
    expect((await call('POST', `/api/team/invitations/${created.id}/revoke`, { version: created.version })).statusCode).toBe(409);

    const again = await call('POST', `/api/team/invitations/${created.id}/resend`, {
      version: revoked.json<Invitation>().version,
    });
    expect(again.json<Invitation>().status).toBe('pending');
    const { token: second } = await tokenMailedTo('later@firma.example');
    expect(second).not.toBe(first);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/public/invitations/${first}` })).statusCode).toBe(404);

    // Past its expiry the link is refused and the list says expired; sent again, it works.
    await testApp.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, created.id));
    expect((await invitationList()).find((item) => item.id === created.id)!.status).toBe('expired');
    const expired = await accept(second, later.cookie);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('invitation_expired');
    const current = (await invitationList()).find((item) => item.id === created.id)!;
    expect((await call('POST', `/api/team/invitations/${created.id}/resend`, { version: current.version })).statusCode).toBe(200);
    const { token: third } = await tokenMailedTo('later@firma.example');
    expect((await accept(third, later.cookie)).statusCode).toBe(200);
  });

  it('stops at the plan’s users, counting open invitations, with the upgrade in the message', async () => {
    const small = await createOrganizationWithAdmin(testApp, 'Klein GmbH');
    await testApp.database.db.update(subscriptions).set({ plan: 'starter' }).where(eq(subscriptions.organizationId, small.id));
    expect((await invite('one@klein.example', 'user', [], small.admin.cookie)).statusCode).toBe(201);
    expect((await invite('two@klein.example', 'user', [], small.admin.cookie)).statusCode).toBe(201);
    const third = await invite('three@klein.example', 'user', [], small.admin.cookie);
    expect(third.statusCode).toBe(402);
    expect(third.json().message).toBe(
      'Your plan allows 3 users, and the team with its pending invitations has 3. Upgrade your plan to invite more people.',
    );
  });

  it('keeps the last admin, and lets a second admin be demoted', async () => {
    const [me] = (await members()).filter((member) => member.userId === org.admin.userId);
    const demote = await call('PUT', `/api/team/members/${org.admin.userId}`, {
      role: 'user',
      permissions: [],
      version: me!.version,
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('team_last_admin');
    const leave = await call('DELETE', `/api/team/members/${org.admin.userId}?version=${me!.version}`);
    expect(leave.json().code).toBe('team_last_admin');

    const second = await addMember(testApp, org.id, [], 'admin');
    const secondRow = (await members()).find((member) => member.userId === second.userId)!;
    const demoted = await call('PUT', `/api/team/members/${second.userId}`, {
      role: 'user',
      permissions: ['ap_invoices:manage'],
      version: secondRow.version,
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(demoted.json<TeamMember>()).toMatchObject({
      role: 'user',
      permissions: ['ap_invoices:manage'],
      version: secondRow.version + 1,
    });
    const stale = await call('PUT', `/api/team/members/${second.userId}`, {
      role: 'user',
      permissions: [],
      version: secondRow.version,
    });
    expect(stale.json().code).toBe('stale_version');
  });

  it('changes permissions for a session that is already running', async () => {
    const clerk = await addMember(testApp, org.id, ['ap_invoices:manage']);
    expect((await call('GET', '/api/user/user-permissions', undefined, clerk.cookie)).json()).toEqual(['ap_invoices:manage']);
    expect((await call('GET', '/api/ar-invoices', undefined, clerk.cookie)).statusCode).toBe(403);
    const row = (await members()).find((member) => member.userId === clerk.userId)!;
    await call('PUT', `/api/team/members/${clerk.userId}`, {
      role: 'user',
      permissions: ['ar_invoices:manage'],
      version: row.version,
    });
    expect((await call('GET', '/api/user/user-permissions', undefined, clerk.cookie)).json()).toEqual(['ar_invoices:manage']);
    expect((await call('GET', '/api/ar-invoices', undefined, clerk.cookie)).statusCode).toBe(200);
  });

  it('lets a team manager hand on only what they hold, never admin; others only read', async () => {
    const manager = await addMember(testApp, org.id, ['team_members:manage', 'ap_invoices:manage']);
    expect((await invite('boss@firma.example', 'admin', [], manager.cookie)).json().code).toBe('team_admin_required');
    expect((await invite('pay@firma.example', 'user', ['payment_runs:manage'], manager.cookie)).json().code).toBe(
      'team_permission_not_held',
    );
    expect((await invite('ap@firma.example', 'user', ['ap_invoices:manage'], manager.cookie)).statusCode).toBe(201);
    const adminRow = (await members()).find((member) => member.userId === org.admin.userId)!;
    const demoteAdmin = await call(
      'PUT',
      `/api/team/members/${org.admin.userId}`,
      { role: 'user', permissions: [], version: adminRow.version },
      manager.cookie,
    );
    expect(demoteAdmin.json().code).toBe('team_admin_required');

    const reader = await addMember(testApp, org.id, []);
    expect((await call('GET', '/api/team/members', undefined, reader.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/team/invitations', undefined, reader.cookie)).statusCode).toBe(200);
    expect((await invite('no@firma.example', 'user', [], reader.cookie)).statusCode).toBe(403);
  });

  it('lets a manager set a member’s e-mail notifications within what the member may receive', async () => {
    const clerk = await addMember(testApp, org.id, ['ap_invoices:manage']);
    const url = `/api/team/members/${clerk.userId}/notification-options`;
    const set = await call('PUT', url, { options: ['new_invoices', 'invoices_needing_approval'] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<TeamMember>().notificationOptions).toEqual(['new_invoices', 'invoices_needing_approval']);
    expect((await call('GET', '/api/user/notification-options', undefined, clerk.cookie)).json().options).toEqual([
      'new_invoices',
      'invoices_needing_approval',
    ]);
    const refused = await call('PUT', url, { options: ['paid_receivables'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.options).toEqual(['notification_option_unavailable']);
    expect((await call('PUT', url, { options: [] }, clerk.cookie)).statusCode).toBe(403);
  });

  it('removes a member (not while they approve), who loses the organisation at once; all of it in the activity log', async () => {
    const approver = await addMember(testApp, org.id, ['ap_invoices:manage']);
    const [flow] = await testApp.database.db
      .insert(approvalFlows)
      .values({
        organizationId: org.id,
        name: 'Einkauf',
        type: 'invoice',
        position: 99,
        steps: [{ approverIds: [approver.userId], requiredApprovals: 1 }],
        conditions: [],
      })
      .returning();
    const busy = await call('DELETE', `/api/team/members/${approver.userId}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('team_member_is_approver');
    expect(busy.json().params).toMatchObject({ flows: 1, waiting: 0 });
    await testApp.database.db.delete(approvalFlows).where(eq(approvalFlows.id, flow!.id));

    const row = (await members()).find((member) => member.userId === approver.userId)!;
    expect((await call('DELETE', `/api/team/members/${approver.userId}?version=${row.version + 1}`)).json().code).toBe(
      'stale_version',
    );
    expect((await call('DELETE', `/api/team/members/${approver.userId}?version=${row.version}`)).statusCode).toBe(204);
    expect((await call('GET', '/api/user/user-permissions', undefined, approver.cookie)).statusCode).not.toBe(200);
    expect(
      await testApp.database.db
        .select()
        .from(memberships)
        .where(and(eq(memberships.organizationId, org.id), eq(memberships.userId, approver.userId))),
    ).toEqual([]);

    const log = await testApp.database.db
      .select({ entityType: activityLog.entityType, action: activityLog.action })
      .from(activityLog)
      .where(eq(activityLog.organizationId, org.id));
    const kinds = new Set(log.map((entry) => `${entry.entityType}:${entry.action}`));
    for (const kind of [
      'invitation:create',
      'invitation:cancel',
      'invitation:send',
      'membership:create',
      'membership:update',
      'membership:delete',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
  });
});
