import { createHash, generateKeyPair as generateKeyPairCallback, type JsonWebKey } from 'node:crypto';
import { promisify } from 'node:util';
import { asc, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { oidcKeys } from '../db/schema/identity';

const generateKeyPair = promisify(generateKeyPairCallback);

/** Any constant shared by all processes; only key creation takes this lock. */
const KEY_CREATION_LOCK = 727_301;

/** A private RSA signing key as oidc-provider's `jwks` wants it. */
export interface SigningJwk extends JsonWebKey {
  kty: 'RSA';
  kid: string;
  alg: 'RS256';
  use: 'sig';
}

/** RFC 7638 thumbprint: the same key always gets the same kid, whoever computes it. */
function thumbprint(jwk: JsonWebKey): string {
  const canonical = JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n });
  return createHash('sha256').update(canonical).digest('base64url');
}

export async function generateSigningJwk(): Promise<SigningJwk> {
  const { privateKey } = await generateKeyPair('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { ...jwk, kty: 'RSA', kid: thumbprint(jwk), alg: 'RS256', use: 'sig' };
}

function isSigningJwk(value: unknown): value is SigningJwk {
  if (typeof value !== 'object' || value === null) return false;
  const jwk = value as Record<string, unknown>;
  return jwk.kty === 'RSA' && typeof jwk.kid === 'string' && typeof jwk.d === 'string' && typeof jwk.n === 'string';
}

async function readKeys(database: Database): Promise<SigningJwk[]> {
  const rows = await database.db.select({ jwk: oidcKeys.jwk }).from(oidcKeys).orderBy(asc(oidcKeys.createdAt), asc(oidcKeys.kid));
  return rows.map((row) => row.jwk).filter(isSigningJwk);
}

/**
 * The provider's signing keys, generated on the very first start and shared by every process
 * through oidc_keys: tokens signed by one process verify against the JWKS another serves.
 * Processes that start together serialise on an advisory lock, so exactly one key is created.
 * The first key signs; a later rotation appends keys (older ones keep verifying).
 */
export async function loadSigningKeys(database: Database): Promise<SigningJwk[]> {
  const existing = await readKeys(database);
  if (existing.length > 0) return existing;

  await database.withSystem(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_CREATION_LOCK})`);
    const [present] = await tx.select({ kid: oidcKeys.kid }).from(oidcKeys).limit(1);
    if (present) return;
    const jwk = await generateSigningJwk();
    await tx.insert(oidcKeys).values({ kid: jwk.kid, jwk }).onConflictDoNothing();
  });

  const created = await readKeys(database);
  if (created.length === 0) throw new Error('oidc_keys holds no usable RSA signing key');
  return created;
}
