import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { ApprovalFlowType, DigestOption } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { SECTION_LINES_MAX } from './digest-section';

/** One approver's part of what waits for approval: how many, and the first SECTION_LINES_MAX rows. */
export interface WaitingSlice<Row> {
  count: number;
  rows: Row[];
}

/**
 * What waits for each approver's decision in the organisation ("my approvals": approval_items
 * with is_waiting, the open step of a pending request, substitutes included), for the members who
 * chose `option` only, in one statement: at most SECTION_LINES_MAX rows per approver, numbered in
 * `order`, with the approver's full count. `join` brings the entity (alias `e`), `columns` its columns.
 */
export async function readWaitingByApprover<Row extends Record<string, unknown>>(
  tx: Tx,
  orgId: OrgId,
  input: { entityType: ApprovalFlowType; option: DigestOption; join: SQL; columns: SQL; order: SQL },
): Promise<Map<string, WaitingSlice<Row>>> {
  const result = await tx.execute<Record<string, unknown>>(sql`
    select * from (
      select ai.approver_id,
             (count(*) over (partition by ai.approver_id))::int as waiting_count,
             row_number() over (partition by ai.approver_id order by ${input.order}) as position,
             ${input.columns}
        from approval_items ai
        join memberships m on m.organization_id = ai.organization_id and m.user_id = ai.approver_id
        ${input.join}
       where ai.organization_id = ${orgId} and ai.is_waiting and ai.entity_type = ${input.entityType}
         and ${input.option} = any(m.notification_options)) w
     where w.position <= ${SECTION_LINES_MAX}
     order by w.approver_id, w.position`);
  const slices = new Map<string, WaitingSlice<Row>>();
  for (const row of result.rows as (Row & { approver_id: string; waiting_count: number })[]) {
    const slice = slices.get(row.approver_id) ?? { count: row.waiting_count, rows: [] };
    slice.rows.push(row);
    slices.set(row.approver_id, slice);
  }
  return slices;
}
