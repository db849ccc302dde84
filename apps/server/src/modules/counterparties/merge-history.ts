import { sql } from 'drizzle-orm';
import type { OrgId, Tx } from '../../db/database';
import { activityLog } from '../../db/schema';

/**
 * The counterparties merged into this one, directly or through earlier merges: the log is
 * append-only (kontor_app may not UPDATE activity_log), so their history is not re-pointed but
 * read along, following the `mergedId` of each merge entry.
 */
export async function findAbsorbedCounterpartyIds(tx: Tx, orgId: OrgId, counterpartyId: string): Promise<string[]> {
  const result = await tx.execute<{ id: string }>(sql`
    with recursive absorbed(id) as (
      select ${activityLog.changes} ->> 'mergedId' from ${activityLog}
      where ${activityLog.organizationId} = ${orgId} and ${activityLog.entityType} = 'counterparty'
        and ${activityLog.action} = 'merge' and ${activityLog.entityId} = ${counterpartyId}
      union
      select log.changes ->> 'mergedId' from ${activityLog} log join absorbed on log.entity_id = absorbed.id
      where log.organization_id = ${orgId} and log.entity_type = 'counterparty' and log.action = 'merge'
    )
    select id from absorbed where id is not null`);
  return result.rows.map((row) => row.id);
}
