import { sql } from 'drizzle-orm';
import type { OrgId, Tx } from '../../db/database';

/**
 * The constraint a unique violation hit, or null for any other error. drizzle wraps the
 * driver's error, so the PostgreSQL fields sit on `cause`.
 */
export function uniqueViolationConstraint(error: unknown): string | null {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown };
    if (candidate.code === '23505') return typeof candidate.constraint === 'string' ? candidate.constraint : '';
  }
  return null;
}

/**
 * Serialises one kind of change per organisation until commit, for rules no unique index
 * expresses (one default debitor, consecutive accounts-payable numbers).
 */
export async function lockOrganizationScope(tx: Tx, orgId: OrgId, scope: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${scope}:${orgId}`}, 0))`);
}
