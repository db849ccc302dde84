import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/database';
import { loginFailures } from '../db/schema/identity';
import { normalizeEmail, verifyIdentityPassword, type IdentityAccount } from './identity-accounts';

/**
 * Failed sign-ins live in PostgreSQL (login_failures) so that every api process sees the same
 * count. One e-mail may fail `maxFailures` times per window; one IP address four times that,
 * so that a shared office IP is not locked out by one person but spraying many e-mails is.
 */
export interface LoginLimits {
  maxFailures: number;
  windowMinutes: number;
}

export const IP_FAILURE_FACTOR = 4;

/** Old rows are deleted now and then on the write path; no scheduler needed. */
const PURGE_PROBABILITY = 0.05;

export type SignInOutcome =
  { kind: 'signed-in'; account: IdentityAccount } | { kind: 'invalid' } | { kind: 'rate-limited'; retryAfterSeconds: number };

type Executor = Pick<Tx, 'execute'>;

/**
 * Seconds until another attempt is allowed (0 = allowed now). The block lifts when the
 * N-th most recent failure in the window leaves it, so the wait is exact, not a fixed penalty.
 */
export async function secondsUntilLoginAllowed(
  executor: Executor,
  limits: LoginLimits,
  key: { email?: string | undefined; ip: string },
): Promise<number> {
  const window = sql`make_interval(mins => ${limits.windowMinutes})`;
  const waitFor = (column: typeof loginFailures.email | typeof loginFailures.ip, value: string, allowed: number) => sql`(
    select extract(epoch from (${loginFailures.at} + ${window} - now()))
    from ${loginFailures}
    where ${column} = ${value} and ${loginFailures.at} > now() - ${window}
    order by ${loginFailures.at} desc
    offset ${allowed - 1} limit 1)`;
  const emailWait =
    key.email === undefined ? sql`null` : waitFor(loginFailures.email, normalizeEmail(key.email), limits.maxFailures);
  const ipWait = waitFor(loginFailures.ip, key.ip, limits.maxFailures * IP_FAILURE_FACTOR);
  const result = await executor.execute<{ email_wait: string | null; ip_wait: string | null }>(
    sql`select ${emailWait} as email_wait, ${ipWait} as ip_wait`,
  );
  const row = result.rows[0];
  const seconds = Math.max(Number(row?.email_wait ?? 0), Number(row?.ip_wait ?? 0));
  return seconds > 0 ? Math.ceil(seconds) : 0;
}

export async function recordLoginFailure(
  executor: Executor,
  limits: LoginLimits,
  failure: { email: string; ip: string },
): Promise<void> {
  await executor.execute(sql`insert into ${loginFailures} (email, ip) values (${normalizeEmail(failure.email)}, ${failure.ip})`);
  if (Math.random() < PURGE_PROBABILITY) await purgeLoginFailures(executor, limits);
}

export async function purgeLoginFailures(executor: Executor, limits: LoginLimits): Promise<void> {
  await executor.execute(
    sql`delete from ${loginFailures} where ${loginFailures.at} < now() - make_interval(mins => ${limits.windowMinutes})`,
  );
}

/**
 * Checks the limit, then the password, then records the outcome. Attempts for one e-mail run
 * one after another (transaction-scoped advisory lock), so parallel guesses cannot all slip
 * through before the first failure is counted. A blocked e-mail is refused even with the right
 * password, otherwise the limit would only slow an attacker down, not stop them.
 */
export async function signInWithPassword(
  database: Database,
  limits: LoginLimits,
  attempt: { email: string; password: string; ip: string },
): Promise<SignInOutcome> {
  const email = normalizeEmail(attempt.email);
  return database.withSystem(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`kontor-idp-login:${email}`}, 0))`);
    const retryAfterSeconds = await secondsUntilLoginAllowed(tx, limits, { email, ip: attempt.ip });
    if (retryAfterSeconds > 0) return { kind: 'rate-limited', retryAfterSeconds };

    const account = await verifyIdentityPassword(database, email, attempt.password);
    if (!account) {
      await recordLoginFailure(tx, limits, { email, ip: attempt.ip });
      return { kind: 'invalid' };
    }
    await tx.execute(sql`delete from ${loginFailures} where ${loginFailures.email} = ${email}`);
    return { kind: 'signed-in', account };
  });
}
