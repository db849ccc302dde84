import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/database';
import { oidcPayloads } from '../db/schema/identity';

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, tokens) in oidc_payloads, so
 * that any api process can continue a sign-in another one started. One adapter per model; the
 * model name is the `type` column. Expiry uses the database clock, the same for every process.
 */

/** Models bound to a grant: revoking the grant deletes them (memory adapter's `grantable`). */
const GRANT_BOUND_MODELS = [
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
];

/** Expired rows are cleared now and then on the write path, in bounded batches. */
const PURGE_PROBABILITY = 0.005;
const PURGE_BATCH = 1000;

const notExpired = or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

function toPayload(row: { payload: unknown; consumedAt: Date | null }): AdapterPayload {
  // The payload column only ever holds what upsert stored, which was an AdapterPayload.
  const payload = row.payload as AdapterPayload;
  return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
}

export async function purgeExpiredOidcPayloads(database: Database): Promise<number> {
  const result = await database.db.execute(sql`
    delete from ${oidcPayloads} where ctid in (
      select ctid from ${oidcPayloads} where ${oidcPayloads.expiresAt} < now() limit ${PURGE_BATCH})`);
  return result.rowCount ?? 0;
}

/** Deletes a grant and everything issued under it (codes, access and refresh tokens). */
export async function revokeOidcGrant(database: Database, grantId: string): Promise<void> {
  await database.db
    .delete(oidcPayloads)
    .where(
      or(
        and(eq(oidcPayloads.grantId, grantId), inArray(oidcPayloads.type, GRANT_BOUND_MODELS)),
        and(eq(oidcPayloads.type, 'Grant'), eq(oidcPayloads.id, grantId)),
      ),
    );
}

export class PostgresAdapter implements Adapter {
  constructor(
    private readonly database: Database,
    private readonly model: string,
  ) {}

  private byId(id: string) {
    return and(eq(oidcPayloads.type, this.model), eq(oidcPayloads.id, id));
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    // `consumed` lives in its own column so that consume() is one atomic update.
    const { consumed, ...stored } = payload;
    const values = {
      payload: stored,
      grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
      userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      expiresAt: typeof expiresIn === 'number' ? sql`now() + make_interval(secs => ${expiresIn})` : null,
      consumedAt: typeof consumed === 'number' ? new Date(consumed * 1000) : null,
    };
    await this.database.db
      .insert(oidcPayloads)
      .values({ type: this.model, id, ...values })
      .onConflictDoUpdate({ target: [oidcPayloads.type, oidcPayloads.id], set: values });
    if (Math.random() < PURGE_PROBABILITY) await purgeExpiredOidcPayloads(this.database);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const [row] = await this.database.db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(this.byId(id), notExpired));
    return row ? toPayload(row) : undefined;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const [row] = await this.database.db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.type, this.model), eq(oidcPayloads.uid, uid), notExpired))
      .limit(1);
    return row ? toPayload(row) : undefined;
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const [row] = await this.database.db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.type, this.model), eq(oidcPayloads.userCode, userCode), notExpired))
      .limit(1);
    return row ? toPayload(row) : undefined;
  }

  /**
   * Marks a single-use artefact (authorization code, refresh token …) used. oidc-provider checks
   * `consumed` after find() and before this call; two token requests racing with the same code
   * can both pass that check, so only the one whose update flips consumed_at wins. The loser is
   * treated like any reuse: the grant and its tokens are revoked and the request is refused.
   */
  async consume(id: string): Promise<void> {
    const flipped = await this.database.db
      .update(oidcPayloads)
      .set({ consumedAt: sql`now()`, consumedCount: sql`${oidcPayloads.consumedCount} + 1` })
      .where(and(this.byId(id), isNull(oidcPayloads.consumedAt)))
      .returning({ id: oidcPayloads.id });
    if (flipped.length > 0) return;

    const [reused] = await this.database.db
      .update(oidcPayloads)
      .set({ consumedCount: sql`${oidcPayloads.consumedCount} + 1` })
      .where(this.byId(id))
      .returning({ grantId: oidcPayloads.grantId });
    if (reused?.grantId) await revokeOidcGrant(this.database, reused.grantId);
    throw new errors.InvalidGrant(`${this.model} already consumed or revoked`);
  }

  async destroy(id: string): Promise<void> {
    await this.database.db.delete(oidcPayloads).where(this.byId(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.database.db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, this.model), eq(oidcPayloads.grantId, grantId)));
  }
}

/** oidc-provider's `adapter` option: a factory it calls once per model name. */
export function createPostgresAdapterFactory(database: Database): (model: string) => Adapter {
  return (model) => new PostgresAdapter(database, model);
}
