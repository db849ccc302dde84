import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import type { Locale } from '@kontor/domain';
import type { Database } from '../db/database';
import { identityAccounts } from '../db/schema/identity';
import { AppError } from '../lib/app-error';

/** An account of the built-in provider; `id` is the `sub` claim. */
export interface IdentityAccount {
  id: string;
  email: string;
  name: string;
  locale: Locale | null;
  emailVerified: boolean;
}

export interface NewIdentityAccount {
  email: string;
  password: string;
  name?: string | undefined;
  locale?: Locale | null | undefined;
  /** Only trusted callers (the demo seed) may vouch for an address; sign-up cannot. */
  emailVerified?: boolean | undefined;
}

/**
 * OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane). The library default (64 MiB, 4 lanes)
 * would let a burst of parallel sign-ins exhaust memory on a small api process.
 */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const MIN_PASSWORD_LENGTH = 10;

/** Longer inputs only cost hashing time; no password manager produces them. */
export const MAX_PASSWORD_LENGTH = 1024;

const UNIQUE_VIOLATION = '23505';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toAccount(row: typeof identityAccounts.$inferSelect): IdentityAccount {
  const locale = row.locale === 'de' || row.locale === 'en' ? row.locale : null;
  return { id: row.id, email: row.email, name: row.name, locale, emailVerified: row.emailVerified };
}

function isUniqueViolation(error: unknown): boolean {
  // drizzle wraps driver errors; the pg error with its SQLSTATE is the cause.
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

export async function hashIdentityPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

function assertPasswordPolicy(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw new AppError('idp_password_too_short', { min: MIN_PASSWORD_LENGTH });
  if (password.length > MAX_PASSWORD_LENGTH) throw new AppError('validation_failed');
}

/** Sign-up: a new account, or `idp_account_exists` when the e-mail is taken. */
export async function createIdentityAccount(database: Database, input: NewIdentityAccount): Promise<IdentityAccount> {
  assertPasswordPolicy(input.password);
  const passwordHash = await hashIdentityPassword(input.password);
  try {
    const [row] = await database.db
      .insert(identityAccounts)
      .values({
        email: normalizeEmail(input.email),
        name: input.name?.trim() ?? '',
        passwordHash,
        locale: input.locale ?? null,
        emailVerified: input.emailVerified ?? false,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toAccount(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('idp_account_exists');
    throw error;
  }
}

/**
 * For the demo seed: creates the account when the e-mail is free and returns an existing one
 * untouched (its password may have been changed since). The seed is trusted code, so the
 * sign-up length rule does not apply to its demo passwords.
 */
export async function ensureIdentityAccount(database: Database, input: NewIdentityAccount): Promise<IdentityAccount> {
  if (input.password.length === 0) throw new AppError('idp_password_too_short', { min: 1 });
  const email = normalizeEmail(input.email);
  const existing = await findIdentityAccountByEmail(database, email);
  if (existing) return existing;
  const [row] = await database.db
    .insert(identityAccounts)
    .values({
      email,
      name: input.name?.trim() ?? '',
      passwordHash: await hashIdentityPassword(input.password),
      locale: input.locale ?? null,
      emailVerified: input.emailVerified ?? false,
    })
    .onConflictDoNothing({ target: identityAccounts.email })
    .returning();
  if (row) return toAccount(row);
  // Another process created it between our look-up and insert.
  const raced = await findIdentityAccountByEmail(database, email);
  if (!raced) throw new Error(`identity account ${email} vanished during ensureIdentityAccount`);
  return raced;
}

export async function findIdentityAccountByEmail(database: Database, email: string): Promise<IdentityAccount | null> {
  const [row] = await database.db
    .select()
    .from(identityAccounts)
    .where(eq(identityAccounts.email, normalizeEmail(email)));
  return row ? toAccount(row) : null;
}

export async function findIdentityAccountById(database: Database, id: string): Promise<IdentityAccount | null> {
  // `sub` values come from tokens and cookies; a non-uuid would make PostgreSQL raise.
  if (!UUID_PATTERN.test(id)) return null;
  const [row] = await database.db.select().from(identityAccounts).where(eq(identityAccounts.id, id));
  return row ? toAccount(row) : null;
}

let dummyHash: Promise<string> | undefined;

/**
 * The account when e-mail and password match, otherwise null. An unknown e-mail costs the same
 * hashing time as a wrong password, so response times do not tell which addresses exist.
 */
export async function verifyIdentityPassword(
  database: Database,
  email: string,
  password: string,
): Promise<IdentityAccount | null> {
  if (password.length === 0 || password.length > MAX_PASSWORD_LENGTH) return null;
  const [row] = await database.db
    .select()
    .from(identityAccounts)
    .where(eq(identityAccounts.email, normalizeEmail(email)));
  if (!row) {
    dummyHash ??= hashIdentityPassword('kontor-timing-equaliser');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return null;
  }
  const matches = await argon2.verify(row.passwordHash, password).catch(() => false);
  if (!matches) return null;
  if (argon2.needsRehash(row.passwordHash, HASH_OPTIONS)) {
    // Hashes from older parameters are upgraded while we hold the plain password.
    await database.db
      .update(identityAccounts)
      .set({ passwordHash: await hashIdentityPassword(password) })
      .where(eq(identityAccounts.id, row.id));
  }
  return toAccount(row);
}
