import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { AppError } from '../lib/app-error';
import {
  createIdentityAccount,
  ensureIdentityAccount,
  findIdentityAccountById,
  verifyIdentityPassword,
} from './identity-accounts';
import { loadSigningKeys } from './signing-keys';

let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});

afterAll(async () => {
  await testDatabase.drop();
});

describe('identity accounts', () => {
  it('creates an account with a lower-cased e-mail and an argon2id hash', async () => {
    const account = await createIdentityAccount(testDatabase.database, {
      email: '  Anna.Berg@Example.COM ',
      password: 'correct horse battery',
      name: ' Anna Berg ',
      locale: 'de',
    });
    expect(account).toMatchObject({ email: 'anna.berg@example.com', name: 'Anna Berg', locale: 'de', emailVerified: false });

    const stored = await testDatabase.database.db.execute<{ password_hash: string }>(
      sql`select password_hash from identity_accounts where id = ${account.id}`,
    );
    expect(stored.rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored.rows[0]?.password_hash).not.toContain('correct horse');
  });

  it('refuses a second account for the same e-mail in any letter case', async () => {
    await createIdentityAccount(testDatabase.database, { email: 'dup@example.com', password: 'long enough pw' });
    const attempt = createIdentityAccount(testDatabase.database, { email: 'DUP@example.com', password: 'another long pw' });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'idp_account_exists' });
  });

  it('refuses passwords shorter than 10 characters', async () => {
    await expect(
      createIdentityAccount(testDatabase.database, { email: 'short@example.com', password: '123456789' }),
    ).rejects.toMatchObject({ code: 'idp_password_too_short', params: { min: 10 } });
  });

  it('verifies passwords without telling unknown e-mails from wrong passwords', async () => {
    await createIdentityAccount(testDatabase.database, { email: 'verify@example.com', password: 'right password!' });
    expect(await verifyIdentityPassword(testDatabase.database, 'Verify@Example.com', 'right password!')).toMatchObject({
      email: 'verify@example.com',
    });
    expect(await verifyIdentityPassword(testDatabase.database, 'verify@example.com', 'wrong password!')).toBeNull();
    expect(await verifyIdentityPassword(testDatabase.database, 'nobody@example.com', 'right password!')).toBeNull();
    expect(await verifyIdentityPassword(testDatabase.database, 'verify@example.com', '')).toBeNull();
  });

  it('ensureIdentityAccount creates once and then leaves the account untouched', async () => {
    const first = await ensureIdentityAccount(testDatabase.database, {
      email: 'demo@kontor.example',
      password: 'demo-password',
      name: 'Demo',
      emailVerified: true,
    });
    expect(first).toMatchObject({ email: 'demo@kontor.example', name: 'Demo', emailVerified: true });

    const second = await ensureIdentityAccount(testDatabase.database, {
      email: 'DEMO@kontor.example',
      password: 'a different password',
      name: 'Renamed',
    });
    expect(second).toEqual(first);
    expect(await verifyIdentityPassword(testDatabase.database, 'demo@kontor.example', 'demo-password')).not.toBeNull();
  });

  it('ensureIdentityAccount survives parallel seeds', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => ensureIdentityAccount(testDatabase.database, { email: 'race@example.com', password: 'race-password' })),
    );
    expect(new Set(results.map((account) => account.id)).size).toBe(1);
    const rows = await testDatabase.database.db.execute(sql`select 1 from identity_accounts where email = 'race@example.com'`);
    expect(rows.rows).toHaveLength(1);
  });

  it('finds accounts by id and ignores ids that are not uuids', async () => {
    const account = await createIdentityAccount(testDatabase.database, { email: 'byid@example.com', password: 'by id password' });
    expect(await findIdentityAccountById(testDatabase.database, account.id)).toEqual(account);
    expect(await findIdentityAccountById(testDatabase.database, 'not-a-uuid')).toBeNull();
  });
});

describe('signing keys', () => {
  it('creates exactly one key when several processes start at once, then reuses it', async () => {
    const loads = await Promise.all([1, 2, 3, 4].map(() => loadSigningKeys(testDatabase.database)));
    const kids = new Set(loads.flat().map((key) => key.kid));
    expect(kids.size).toBe(1);

    const [key] = await loadSigningKeys(testDatabase.database);
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(kids.has(key?.kid ?? '')).toBe(true);
    expect(typeof key?.d).toBe('string');
  });
});
