import { sql, type SQL } from 'drizzle-orm';
import type { InvoiceStatus } from '@kontor/domain';
import type { ApprovalProgress } from '@kontor/domain/approvals/approval-progress';
import { queryTemplate, type Tx } from '../../db/database';
import { slot, statementTemplate } from '../../db/statement-templates';
import { approvalItems, invoices } from '../../db/schema';
import type { OrgContext } from '../../plugins/session';

// The statements below are parts of the overview's page statements, templates whose slots orgId
// and userId are the caller's (list.ts, db/statement-templates.ts).

/**
 * The ids of the invoices whose open approval step waits for the caller: an index-only scan of
 * approval_items_waiting_idx. Used as the page statement's driving CTE (like a search's matches).
 */
export function waitingForCaller(): SQL {
  return sql`select ${approvalItems.entityId} as id from ${approvalItems}
     where ${approvalItems.organizationId} = ${slot('orgId')} and ${approvalItems.approverId} = ${slot('userId')}
       and ${approvalItems.entityType} = 'invoice' and ${approvalItems.isWaiting}`;
}

/** The same set as a condition on invoices: one probe of the waiting index per row walked. */
export function waitsForCaller(): SQL {
  return sql`exists (select 1 from ${approvalItems} where ${approvalItems.organizationId} = ${invoices.organizationId}
      and ${approvalItems.approverId} = ${slot('userId')} and ${approvalItems.entityType} = 'invoice'
      and ${approvalItems.entityId} = ${invoices.id} and ${approvalItems.isWaiting})`;
}

/**
 * The invoices waiting for the caller in due-date order, as rows aliased "invoices" for the page
 * statement: a range of approval_items_waiting_due_idx (the items carry the due date, migration
 * 0027), each invoice fetched by primary key as the range is read. The page's ORDER BY due date
 * and id matches the range's order, so it stops after a page, and reads at most the caller's
 * waiting items whatever the filters (the walk over all invoices in approval reads ~7 per row).
 */
export function waitingByDueDate(direction: 'asc' | 'desc'): SQL {
  const order = sql.raw(direction === 'asc' ? 'asc' : 'desc');
  return sql`(select w.due_date, w.entity_id as id, i.organization_id, i.status, i.ocr_status, i.counterparty_id,
      i.counterparty_name, i.counterparty_search_name, i.invoice_number, i.date, i.total_amount, i.currency, i.type, i.cancel_reason,
      i.cost_center_id, i.version, i.uploaded_by, i.created_at, i.document_file_name, i.approval_progress, i.matching_status
    from (select ai.entity_id, ai.due_date from ${approvalItems} ai
           where ai.organization_id = ${slot('orgId')} and ai.approver_id = ${slot('userId')}
             and ai.entity_type = 'invoice' and ai.is_waiting
           order by ai.due_date ${order}, ai.entity_id ${order}) w
    cross join lateral (select * from ${invoices} where ${invoices.organizationId} = ${slot('orgId')}
                          and ${invoices.id} = w.entity_id limit 1) i) as ${invoices}`;
}

/**
 * How to find the page of "my approvals": from the waiting items (every one is fetched and
 * sorted: about two index probes each) or by walking the tab's sort index and probing each
 * invoice (about limit × in approval / waiting probes). Whichever costs fewer probes; an
 * approver waiting on few invoices of many is served from the items, one waiting on many from
 * the index (measured on the large seed: 2,976 of 20,834 waiting, 28 ms versus 0.8 ms).
 */
export function isPageDrivenByWaiting(waiting: number, inApproval: number, limit: number): boolean {
  return 2 * waiting <= (limit * Math.max(inApproval, waiting)) / Math.max(waiting, 1);
}

/**
 * The step progress of an invoice's open request as the API shows it, from invoices.approval_progress:
 * four integers (current step, step count, approved in the step, required in the step), kept by
 * triggers on approval_requests (migration 0044) so that a page reads it with its rows instead of
 * probing the requests once per row (measured on the large seed: PostgreSQL's CPU per "my
 * approvals" page 1.16 → 0.87 ms). Null without an open request.
 */
export function approvalProgressOf(column: number[] | null): ApprovalProgress | null {
  if (column === null) return null;
  const [currentStep, stepCount, approvedInStep, requiredInStep] = column as [number, number, number, number];
  return { currentStep, stepCount, approvedInStep, requiredInStep };
}

/**
 * For a caller who sees only their own uploads and what they approve (policy.ts): the invoices
 * they are an approver of but did not upload, per status, to add to their own status counts.
 */
export async function countApproverOnlyInvoices(
  tx: Tx,
  org: OrgContext,
  statuses: readonly InvoiceStatus[],
): Promise<Map<InvoiceStatus, number>> {
  const statusList = `{${statuses.join(',')}}`;
  const template = statementTemplate(
    'invoice_approver_counts',
    statusList,
    () => sql`select i.status as status, count(*)::int as count from ${invoices} i
         where i.organization_id = ${slot('orgId')} and i.status = any(${statusList}::text[])
           and i.uploaded_by is distinct from ${slot('userId')}
           and i.id in (select ai.entity_id from ${approvalItems} ai where ai.organization_id = ${slot('orgId')}
                          and ai.approver_id = ${slot('userId')} and ai.entity_type = 'invoice')
         group by i.status`,
  );
  const rows = await queryTemplate<{ status: InvoiceStatus; count: number }>(tx, template, {
    orgId: org.orgId,
    userId: org.userId,
  });
  return new Map(rows.map((row) => [row.status, row.count]));
}
