import { sql } from 'drizzle-orm';
import { errors } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { PostgresAdapter, purgeExpiredOidcPayloads, revokeOidcGrant } from './postgres-adapter';

let testDatabase: TestDatabase;
const adapter = (model: string) => new PostgresAdapter(testDatabase.database, model);

async function expireRow(type: string, id: string): Promise<void> {
  await testDatabase.database.db.execute(
    sql`update oidc_payloads set expires_at = now() - interval '1 second' where type = ${type} and id = ${id}`,
  );
}

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});

afterAll(async () => {
  await testDatabase.drop();
});

describe('PostgresAdapter', () => {
  it('stores, overwrites and deletes a payload per model', async () => {
    const sessions = adapter('Session');
    await sessions.upsert('s1', { accountId: 'a1', uid: 'uid-1', kind: 'Session' }, 60);
    expect(await sessions.find('s1')).toEqual({ accountId: 'a1', uid: 'uid-1', kind: 'Session' });
    // The same id under another model is another record.
    expect(await adapter('Interaction').find('s1')).toBeUndefined();

    await sessions.upsert('s1', { accountId: 'a2', uid: 'uid-2', kind: 'Session' }, 60);
    expect(await sessions.find('s1')).toMatchObject({ accountId: 'a2' });
    expect(await sessions.findByUid('uid-1')).toBeUndefined();
    expect(await sessions.findByUid('uid-2')).toMatchObject({ accountId: 'a2' });

    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
    expect(await sessions.findByUid('uid-2')).toBeUndefined();
  });

  it('finds device-flow records by user code', async () => {
    const deviceCodes = adapter('DeviceCode');
    await deviceCodes.upsert('d1', { userCode: 'ABCD-EFGH', grantId: 'g-device' }, 60);
    expect(await deviceCodes.findByUserCode('ABCD-EFGH')).toMatchObject({ grantId: 'g-device' });
    expect(await deviceCodes.findByUserCode('ZZZZ-ZZZZ')).toBeUndefined();
  });

  it('hides expired records from every look-up and purges them', async () => {
    const sessions = adapter('Session');
    await sessions.upsert('expiring', { uid: 'uid-expiring', userCode: 'EXP' }, 60);
    await expireRow('Session', 'expiring');
    expect(await sessions.find('expiring')).toBeUndefined();
    expect(await sessions.findByUid('uid-expiring')).toBeUndefined();
    expect(await sessions.findByUserCode('EXP')).toBeUndefined();

    expect(await purgeExpiredOidcPayloads(testDatabase.database)).toBeGreaterThanOrEqual(1);
    const left = await testDatabase.database.db.execute(sql`select 1 from oidc_payloads where id = 'expiring'`);
    expect(left.rows).toHaveLength(0);
  });

  it('keeps records without expiry', async () => {
    const clients = adapter('Client');
    await clients.upsert('c1', { client_id: 'c1' });
    expect(await clients.find('c1')).toEqual({ client_id: 'c1' });
  });

  it('marks a code consumed once and reports it on find', async () => {
    const codes = adapter('AuthorizationCode');
    await codes.upsert('code-1', { grantId: 'g-consume', accountId: 'a1' }, 60);
    await codes.consume('code-1');
    const found = await codes.find('code-1');
    expect(typeof found?.consumed).toBe('number');
    expect(Math.abs(Number(found?.consumed) - Date.now() / 1000)).toBeLessThan(30);
  });

  it('refuses a second consume and revokes the grant behind it (parallel code reuse)', async () => {
    const codes = adapter('AuthorizationCode');
    const accessTokens = adapter('AccessToken');
    await adapter('Grant').upsert('g-race', { accountId: 'a1', clientId: 'kontor-web' }, 600);
    await codes.upsert('code-race', { grantId: 'g-race' }, 60);
    await accessTokens.upsert('at-race', { grantId: 'g-race' }, 600);

    const outcomes = await Promise.allSettled([codes.consume('code-race'), codes.consume('code-race')]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const [rejected] = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(rejected?.reason).toBeInstanceOf(errors.InvalidGrant);

    expect(await accessTokens.find('at-race')).toBeUndefined();
    expect(await adapter('Grant').find('g-race')).toBeUndefined();
  });

  it('refuses to consume what does not exist', async () => {
    await expect(adapter('RefreshToken').consume('missing')).rejects.toBeInstanceOf(errors.InvalidGrant);
  });

  it('revokes by grant only within its own model', async () => {
    await adapter('AccessToken').upsert('at-1', { grantId: 'g-revoke' }, 600);
    await adapter('AccessToken').upsert('at-other', { grantId: 'g-keep' }, 600);
    await adapter('RefreshToken').upsert('rt-1', { grantId: 'g-revoke' }, 600);

    await adapter('AccessToken').revokeByGrantId('g-revoke');
    expect(await adapter('AccessToken').find('at-1')).toBeUndefined();
    expect(await adapter('AccessToken').find('at-other')).toBeDefined();
    expect(await adapter('RefreshToken').find('rt-1')).toBeDefined();

    await revokeOidcGrant(testDatabase.database, 'g-revoke');
    expect(await adapter('RefreshToken').find('rt-1')).toBeUndefined();
  });

  it('is shared between adapter instances (any process can continue a flow)', async () => {
    await new PostgresAdapter(testDatabase.database, 'Interaction').upsert('i1', { returnTo: '/idp/auth/i1' }, 60);
    expect(await new PostgresAdapter(testDatabase.database, 'Interaction').find('i1')).toMatchObject({
      returnTo: '/idp/auth/i1',
    });
  });
});
