import { createHash, randomBytes } from 'node:crypto';
import type { Permission, Role } from '@kontor/domain';
import { isPermission } from '@kontor/domain';
import type { Database } from '../db/database';
import type { InvalidationListener } from '../lib/invalidation';

export interface SessionRecord {
  idHash: string;
  userId: string;
  organizationId: string | null;
  expiresAt: Date;
  absoluteExpiresAt: Date;
  lastSeenAt: Date;
  idToken: string | null;
  user: { id: string; email: string; name: string; locale: string | null; featureFlags: string[] };
  membership: {
    organizationId: string;
    slug: string;
    authId: string;
    role: Role;
    permissions: Permission[];
    onboardingCompleted: boolean;
    onboardingSteps: string[];
  } | null;
}

export interface SessionMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

const CACHE_TTL_MS = 30_000;
/** Sliding expiry is written at most this often per session, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export function hashSessionId(raw: string): string {
  return createHash('sha256').update(raw).digest('base64url');
}

interface SessionRow extends Record<string, unknown> {
  id_hash: string;
  user_id: string;
  organization_id: string | null;
  expires_at: Date;
  absolute_expires_at: Date;
  last_seen_at: Date;
  id_token: string | null;
  email: string;
  name: string;
  locale: string | null;
  feature_flags: string[];
  role: Role | null;
  permissions: string[] | null;
  onboarding_completed: boolean | null;
  onboarding_steps: string[] | null;
  slug: string | null;
  auth_id: string | null;
}

function toRecord(row: SessionRow): SessionRecord {
  return {
    idHash: row.id_hash,
    userId: row.user_id,
    organizationId: row.organization_id,
    expiresAt: row.expires_at,
    absoluteExpiresAt: row.absolute_expires_at,
    lastSeenAt: row.last_seen_at,
    idToken: row.id_token,
    user: { id: row.user_id, email: row.email, name: row.name, locale: row.locale, featureFlags: row.feature_flags },
    membership:
      row.organization_id && row.role && row.slug && row.auth_id
        ? {
            organizationId: row.organization_id,
            slug: row.slug,
            authId: row.auth_id,
            role: row.role,
            permissions: (row.permissions ?? []).filter(isPermission),
            onboardingCompleted: row.onboarding_completed ?? false,
            onboardingSteps: row.onboarding_steps ?? [],
          }
        : null,
  };
}

/**
 * Server-side sessions in PostgreSQL (any process can serve any request), with an in-memory
 * read cache that the invalidation listener keeps exact across processes.
 */
export class SessionStore {
  private readonly cache = new Map<string, { record: SessionRecord; cachedAt: number }>();

  constructor(
    private readonly database: Database,
    private readonly settings: { idleMinutes: number; absoluteDays: number },
    private readonly listener: InvalidationListener | undefined,
  ) {
    listener?.onInvalidate((event) => {
      if (event === 'all') return this.cache.clear();
      if (event.table === 'sessions') return void this.cache.delete(event.key);
      for (const [key, { record }] of this.cache) {
        const hit =
          (event.table === 'users' && record.userId === event.key) ||
          (event.table === 'memberships' && record.userId === event.key) ||
          (event.table === 'organizations' && record.organizationId === event.key);
        if (hit) this.cache.delete(key);
      }
    });
  }

  private idleExpiry(now: Date, absolute: Date): Date {
    const idle = new Date(now.getTime() + this.settings.idleMinutes * 60_000);
    return idle < absolute ? idle : absolute;
  }

  async create(
    userId: string,
    organizationId: string | null,
    idToken: string | null,
    meta: SessionMeta,
    absoluteExpiresAt?: Date,
  ): Promise<{ raw: string; absoluteExpiresAt: Date }> {
    const raw = randomBytes(32).toString('base64url');
    const now = new Date();
    const absolute = absoluteExpiresAt ?? new Date(now.getTime() + this.settings.absoluteDays * 86_400_000);
    await this.database.pool.query(
      `insert into sessions (id_hash, user_id, organization_id, id_token, expires_at, absolute_expires_at, user_agent, ip)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        hashSessionId(raw),
        userId,
        organizationId,
        idToken,
        this.idleExpiry(now, absolute),
        absolute,
        meta.userAgent?.slice(0, 500) ?? null,
        meta.ip ?? null,
      ],
    );
    return { raw, absoluteExpiresAt: absolute };
  }

  /** The session behind a cookie value, or null when unknown or expired. */
  async load(raw: string): Promise<SessionRecord | null> {
    const idHash = hashSessionId(raw);
    const now = Date.now();
    const cached = this.cache.get(idHash);
    if (cached && this.listener?.isLive && now - cached.cachedAt < CACHE_TTL_MS) {
      if (cached.record.expiresAt.getTime() <= now) {
        this.cache.delete(idHash);
        return null;
      }
      this.touchIfDue(cached.record, now);
      return cached.record;
    }
    const result = await this.database.pool.query<SessionRow>(
      `select s.id_hash, s.user_id, s.organization_id, s.expires_at, s.absolute_expires_at, s.last_seen_at, s.id_token,
              u.email, u.name, u.locale, u.feature_flags,
              m.role, m.permissions, m.onboarding_completed, m.onboarding_steps, o.slug, o.auth_id
         from sessions s
         join users u on u.id = s.user_id
         left join memberships m on m.organization_id = s.organization_id and m.user_id = s.user_id
         left join organizations o on o.id = m.organization_id
        where s.id_hash = $1 and s.expires_at > now() and s.absolute_expires_at > now()`,
      [idHash],
    );
    const row = result.rows[0];
    if (!row) {
      this.cache.delete(idHash);
      return null;
    }
    const record = toRecord(row);
    this.cache.set(idHash, { record, cachedAt: now });
    this.touchIfDue(record, now);
    return record;
  }

  private touchIfDue(record: SessionRecord, now: number): void {
    if (now - record.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return;
    const at = new Date(now);
    record.lastSeenAt = at;
    record.expiresAt = this.idleExpiry(at, record.absoluteExpiresAt);
    // Fire and forget: a lost touch only shortens the idle window by a minute.
    this.database.pool
      .query('update sessions set last_seen_at = $2, expires_at = $3 where id_hash = $1', [record.idHash, at, record.expiresAt])
      .catch(() => {});
  }

  async destroy(idHash: string): Promise<void> {
    this.cache.delete(idHash);
    await this.database.pool.query('delete from sessions where id_hash = $1', [idHash]);
  }

  /** Issues a new session id for the same user (refresh, organisation switch) and ends the old one. */
  async rotate(
    current: SessionRecord,
    organizationId: string | null,
    meta: SessionMeta,
  ): Promise<{ raw: string; absoluteExpiresAt: Date }> {
    const next = await this.create(current.userId, organizationId, current.idToken, meta, current.absoluteExpiresAt);
    await this.destroy(current.idHash);
    return next;
  }

  async purgeExpired(): Promise<number> {
    const result = await this.database.pool.query('delete from sessions where expires_at < now() or absolute_expires_at < now()');
    return result.rowCount ?? 0;
  }

  /**
   * Drops this process's cached sessions of a user at once. Other processes hear of the change
   * through NOTIFY a moment later; the process that made the change must not serve it stale.
   */
  forgetUser(userId: string): void {
    for (const [key, { record }] of this.cache) if (record.userId === userId) this.cache.delete(key);
  }

  /** Used by tests and the benchmark to reason about the cache. */
  clearCache(): void {
    this.cache.clear();
  }
}
