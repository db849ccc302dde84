import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessExpiry, type BankConnection } from '@kontor/domain';
import { asOrgId } from '../src/db/database';
import { bankConnections, companyBankAccounts, mailOutbox, users } from '../src/db/schema';
import { listWarningOrganizations, sendAccessWarnings } from '../src/modules/bank-connections/access-warnings';
import { addMember, browser, createOrganizationWithAdmin, type TestOrganization, type TestUser } from './factories';
import { createTestApp, type TestApp } from './harness';

const DAY_MS = 86_400_000;
const VALID_UNTIL = new Date('2027-06-30T10:00:00Z');
const daysBefore = (days: number, until = VALID_UNTIL) => new Date(until.getTime() - days * DAY_MS);

/** Issue 60, SPEC §4: access ends; admins are warned 30, 14 and 3 days before and once it ended, each once. */
describe('bank access warnings', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let germanAdmin: TestUser;
  let connectionId: string;
  const deps = () => ({ mailer: testApp.app.mailer, publicUrl: 'https://kontor.example.com' });
  const warn = (now: Date) => sendAccessWarnings(testApp.database, deps(), asOrgId(org.id), now);

  async function insertConnection(
    organizationId: string,
    validUntil: Date,
    status: 'active' | 'expired' = 'active',
  ): Promise<string> {
    const [row] = await testApp.database.db
      .insert(bankConnections)
      .values({
        organizationId,
        provider: 'sandbox',
        institutionId: 'SANDBOX_SPARKASSE_DE',
        institutionName: 'Sandbox Sparkasse',
        country: 'DE',
        consentId: `consent-${Math.random()}`,
        status,
        accessValidUntil: validUntil,
      })
      .returning();
    return row!.id;
  }

  const mails = async () =>
    (await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.organizationId, org.id))).filter((mail) =>
      mail.template?.startsWith('bank_access_'),
    );

  beforeAll(async () => {
    testApp = await createTestApp();
    org = await createOrganizationWithAdmin(testApp, 'Warnung GmbH');
    germanAdmin = await addMember(testApp, org.id, [], 'admin');
    await testApp.database.db.update(users).set({ locale: 'de', name: 'Greta' }).where(eq(users.id, germanAdmin.userId));
    await addMember(testApp, org.id, ['bank_accounts:manage']);
    connectionId = await insertConnection(org.id, VALID_UNTIL);
    await testApp.database.db.insert(companyBankAccounts).values({
      organizationId: org.id,
      name: 'Geschäftskonto',
      iban: 'DE89370400440532013000',
      bankConnectionId: connectionId,
      providerAccountId: 'acc-1',
      accessValidUntil: VALID_UNTIL,
    });
  });
  afterAll(async () => testApp.close());

  it('names the warning by the days left', () => {
    expect(accessExpiry(VALID_UNTIL, daysBefore(31))).toBe('ok');
    expect(accessExpiry(VALID_UNTIL, daysBefore(30))).toBe('expiring_30');
    expect(accessExpiry(VALID_UNTIL, daysBefore(14.5))).toBe('expiring_30');
    expect(accessExpiry(VALID_UNTIL, daysBefore(14))).toBe('expiring_14');
    expect(accessExpiry(VALID_UNTIL, daysBefore(3))).toBe('expiring_3');
    expect(accessExpiry(VALID_UNTIL, daysBefore(0))).toBe('expired');
    expect(accessExpiry(null)).toBe('ok');
  });

  it('mails the admins once per threshold, in their language, and once more when it expired', async () => {
    expect(await warn(daysBefore(40))).toBe(0);
    expect(await warn(daysBefore(29))).toBe(2);
    expect(await warn(daysBefore(28))).toBe(0);
    expect(await warn(daysBefore(20))).toBe(0);
    expect(await warn(daysBefore(13))).toBe(2);
    expect(await warn(daysBefore(12))).toBe(0);
    expect(await warn(daysBefore(2))).toBe(2);
    expect(await warn(daysBefore(1))).toBe(0);
    expect(await warn(daysBefore(-1))).toBe(2);
    expect(await warn(daysBefore(-2))).toBe(0);

    const sent = await mails();
    expect(sent.map((mail) => mail.template)).toEqual([
      ...Array(6).fill('bank_access_expiring'),
      'bank_access_expired',
      'bank_access_expired',
    ]);
    const toGreta = sent.filter((mail) => mail.toAddresses.includes(germanAdmin.email));
    expect(toGreta.map((mail) => mail.subject)).toEqual([
      'Bankzugriff auf Sandbox Sparkasse endet am 30.06.2027 – bitte erneuern',
      'Bankzugriff auf Sandbox Sparkasse endet am 30.06.2027 – bitte erneuern',
      'Bankzugriff auf Sandbox Sparkasse endet am 30.06.2027 – bitte erneuern',
      'Bankzugriff auf Sandbox Sparkasse ist abgelaufen',
    ]);
    expect(toGreta[0]!.textBody).toContain('Hallo Greta');
    expect(toGreta[0]!.textBody).toContain('DE89370400440532013000');
    expect(toGreta[0]!.textBody).toContain(`https://kontor.example.com/${org.slug}/settings/bank-accounts`);
    const toOther = sent.find((mail) => mail.toAddresses.includes(org.admin.email));
    expect(toOther!.subject).toBe('Bank access to Sandbox Sparkasse ends on 30/06/2027 – please renew');
    // Only admins hear of it, not every member with the permission.
    expect(new Set(sent.flatMap((mail) => mail.toAddresses))).toEqual(new Set([germanAdmin.email, org.admin.email]));

    const [row] = await testApp.database.db.select().from(bankConnections).where(eq(bankConnections.id, connectionId));
    expect(row!.status).toBe('expired');
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/bank-connections/${connectionId}`,
      headers: browser(org.admin.cookie),
    });
    expect(response.json<BankConnection>()).toMatchObject({ status: 'expired', accessExpiry: 'expired' });
  });

  it('starts over with a renewed validity, and sends only the nearest warning after a gap', async () => {
    const renewedUntil = new Date(VALID_UNTIL.getTime() + 180 * DAY_MS);
    await testApp.database.db
      .update(bankConnections)
      .set({ status: 'active', accessValidUntil: renewedUntil })
      .where(and(eq(bankConnections.organizationId, org.id), eq(bankConnections.id, connectionId)));
    const before = (await mails()).length;
    expect(await warn(daysBefore(2, renewedUntil))).toBe(2);
    expect(await warn(daysBefore(1, renewedUntil))).toBe(0);
    const latest = (await mails()).slice(before);
    expect(latest.map((mail) => mail.template)).toEqual(['bank_access_expiring', 'bank_access_expiring']);
  });

  it('lists the organisations with something to warn of for the daily dispatch', async () => {
    const quiet = await createOrganizationWithAdmin(testApp, 'Ruhig GmbH');
    await insertConnection(quiet.id, new Date(Date.now() + 100 * DAY_MS));
    const soon = await createOrganizationWithAdmin(testApp, 'Bald GmbH');
    await insertConnection(soon.id, new Date(Date.now() + 10 * DAY_MS));
    const listed = await listWarningOrganizations(testApp.database);
    expect(listed).toContain(soon.id);
    expect(listed).not.toContain(quiet.id);
  });
});
