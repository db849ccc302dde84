import type { Tx, OrgId } from '../../db/database';
import { activityLog } from '../../db/schema';

/** SPEC §3 entity types, plus the organisation-level ones this product adds. */
export const ACTIVITY_ENTITY_TYPES = [
  'invoice',
  'transaction',
  'counterparty',
  'invoice_split',
  'approval_request',
  'approval_item',
  'payment_run',
  'ar_invoice',
  'organization',
  'subscription',
  'membership',
  'invitation',
  'approval_flow',
  'bank_connection',
  'bank_transaction',
] as const;
export type ActivityEntityType = (typeof ACTIVITY_ENTITY_TYPES)[number];

export const ACTIVITY_ACTIONS = [
  'create',
  'update',
  'delete',
  'cancel',
  'approve',
  'reject',
  'reset',
  'export',
  'postpone',
  'email_import',
  'api_import',
  'merge',
  'match',
  'unmatch',
  'send',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export type Actor = { type: 'user'; id: string } | { type: 'api_key'; id: string } | { type: 'system'; id?: string };

export interface ActivityEntry {
  entityType: ActivityEntityType;
  entityId: string;
  action: ActivityAction;
  actor: Actor;
  /** For updates: { field: { from, to } }; for others any small JSON worth keeping. */
  changes?: Record<string, unknown>;
}

/** Writes one append-only log row inside the transaction that makes the change (ARCHITECTURE §3.7). */
export async function writeActivity(tx: Tx, orgId: OrgId, entry: ActivityEntry): Promise<void> {
  await tx.insert(activityLog).values({
    organizationId: orgId,
    entityType: entry.entityType,
    entityId: entry.entityId,
    action: entry.action,
    actorType: entry.actor.type,
    actorId: entry.actor.id ?? null,
    changes: entry.changes ?? null,
  });
}

/** The fields whose values differ, as { field: { from, to } }. */
export function diffFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(after)) {
    if (to === undefined) continue;
    const from = before[field];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}
