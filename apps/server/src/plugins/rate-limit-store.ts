import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimitCounters } from '../db/schema/identity';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/** The options a route's store is made from; routeInfo names the route (see @fastify/rate-limit's RedisStore). */
type ChildOptions = RouteOptions & { path: string; prefix: string; routeInfo?: { method?: unknown; url?: unknown } };

/** Expired counters are deleted now and then on the write path, like the failed sign-ins. */
const PURGE_PROBABILITY = 0.01;

/**
 * @fastify/rate-limit's counters in PostgreSQL, so that a limit holds across all api processes
 * (ARCHITECTURE §1: api processes hold no state). A fixed window per key, as the plugin's own
 * stores count: the first hit opens a window of `timeWindow` ms, later hits in it add one, a hit
 * after it opens the next. One upsert per limited request, atomic under concurrency (the row
 * lock of ON CONFLICT), on the owner's pool: the table holds no organisation's data.
 */
export function postgresRateLimitStore(database: Database): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow?: number, _max?: number): void {
      hit(database, `${this.prefix}${key}`, timeWindow ?? 60_000).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      // One counter per route and caller, as the plugin's local store keeps one store per route.
      const route = routeOptions.routeInfo ?? {};
      return new PostgresRateLimitStore(routeOptions, `${String(route.method)} ${String(route.url)} `);
    }
  }
  return PostgresRateLimitStore;
}

/** Counts one hit of `key`: the hits in its current window and the milliseconds the window has left. */
export async function hit(database: Database, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const table = rateLimitCounters;
  const result = await database.db.execute<{ current: number; ttl: number }>(sql`
    insert into ${table} (key, count, window_ends_at) values (${key}, 1, now() + ${window})
    on conflict (key) do update set
      count = case when ${table.windowEndsAt} <= now() then 1 else ${table.count} + 1 end,
      window_ends_at = case when ${table.windowEndsAt} <= now() then excluded.window_ends_at else ${table.windowEndsAt} end
    returning count as current,
      greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::int as ttl`);
  const row = result.rows[0];
  if (!row) throw new Error('rate_limit_counters upsert returned no row');
  if (Math.random() < PURGE_PROBABILITY) await purgeRateLimitCounters(database);
  return { current: Number(row.current), ttl: Number(row.ttl) };
}

export async function purgeRateLimitCounters(database: Database): Promise<void> {
  await database.db.execute(sql`delete from ${rateLimitCounters} where ${rateLimitCounters.windowEndsAt} <= now()`);
}
