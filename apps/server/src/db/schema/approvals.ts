import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ApprovalCondition, ApprovalDecision, ApprovalFlowType, ApprovalRequestStatus } from '@kontor/domain';
import { orgColumn } from './columns';
import { memberships } from './organizations';

/** A flow's step as stored: the approvers' user ids and how many of them must approve. */
export interface StoredApprovalStep {
  approverIds: string[];
  requiredApprovals: number;
}

/** Approval flows (SPEC §3): ordered steps with approvers, a default flag per type, conditions. */
export const approvalFlows = pgTable(
  'approval_flows',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    type: text('type').$type<ApprovalFlowType>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** Conditions are tried in this order (chooseFlow); new flows go last. */
    position: integer('position').notNull(),
    steps: jsonb('steps').$type<StoredApprovalStep[]>().notNull(),
    conditions: jsonb('conditions').$type<ApprovalCondition[]>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('approval_flows_type_position_idx').on(table.organizationId, table.type, table.position),
    // One default flow per type: the database refuses a second one even under concurrent saves.
    uniqueIndex('approval_flows_one_default_idx')
      .on(table.organizationId, table.type)
      .where(sql`is_default`),
  ],
);

/**
 * One approval of an invoice (or payment run): a snapshot of the flow's steps taken at request
 * time, so editing or deleting the flow never changes approvals under way. Items hold the
 * approvers; `required_approvals` holds each step's count.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    entityType: text('entity_type').$type<ApprovalFlowType>().notNull(),
    entityId: uuid('entity_id').notNull(),
    /** No foreign key: the flow may be deleted while its snapshot lives on. */
    flowId: uuid('flow_id'),
    flowName: text('flow_name').notNull(),
    status: text('status').$type<ApprovalRequestStatus>().notNull().default('pending'),
    currentStep: integer('current_step').notNull().default(0),
    /**
     * Denormalised: how many approved the current step, kept with is_waiting (syncDerivedState),
     * so the approval tabs show a page's step progress without counting items per row.
     */
    approvedInStep: integer('approved_in_step').notNull().default(0),
    requiredApprovals: integer('required_approvals').array().notNull(),
    requestedBy: uuid('requested_by'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    resetAt: timestamp('reset_at', { withTimezone: true }),
    resetBy: uuid('reset_by'),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    // At most one open (pending or approved) request per entity; rejected and reset ones are history.
    uniqueIndex('approval_requests_one_open_idx')
      .on(table.organizationId, table.entityType, table.entityId)
      .where(sql`status in ('pending', 'approved')`),
    // The latest request of an entity (the invoice detail shows it).
    index('approval_requests_latest_idx').on(table.organizationId, table.entityType, table.entityId, table.requestedAt),
  ],
);

/** One approver in one step of a request, with their decision. */
export const approvalItems = pgTable(
  'approval_items',
  {
    organizationId: orgColumn(),
    id: uuid('id').notNull().defaultRandom(),
    requestId: uuid('request_id').notNull(),
    entityType: text('entity_type').$type<ApprovalFlowType>().notNull(),
    entityId: uuid('entity_id').notNull(),
    step: integer('step').notNull(),
    approverId: uuid('approver_id').notNull(),
    /**
     * The member this approval was theirs before it went to their substitute during an absence
     * (modules/approvals/substitutes.ts); null otherwise, and again after a hand-on by hand.
     */
    standsInFor: uuid('stands_in_for'),
    decision: text('decision').$type<ApprovalDecision>().notNull().default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    /**
     * Denormalised: request pending, this is its open step and the decision is pending. Kept by
     * the approvals module in the changing transaction, so "my approvals" is an index lookup.
     */
    isWaiting: boolean('is_waiting').notNull().default(false),
    /**
     * Denormalised: the invoice's due date (null for other entities), kept by triggers (migration
     * 0027), so "my approvals" in its default order (due date) is one range of
     * approval_items_waiting_due_idx instead of a walk of all invoices in approval.
     */
    dueDate: date('due_date'),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.requestId],
      foreignColumns: [approvalRequests.organizationId, approvalRequests.id],
    }).onDelete('cascade'),
    uniqueIndex('approval_items_request_step_approver_idx').on(
      table.organizationId,
      table.requestId,
      table.step,
      table.approverId,
    ),
    // "My approvals": an index-only scan of what waits for one approver.
    index('approval_items_waiting_idx')
      .on(table.organizationId, table.approverId, table.entityType, table.entityId)
      .where(sql`is_waiting`),
    index('approval_items_waiting_due_idx')
      .on(table.organizationId, table.approverId, table.entityType, table.dueDate, table.entityId)
      .where(sql`is_waiting`),
    // Visibility (policy.ts): invoices in which the caller is an approver at all.
    index('approval_items_approver_entity_idx').on(table.organizationId, table.approverId, table.entityId),
  ],
);

/**
 * How many items wait for each approver (the "my approvals" tab count), as signed deltas kept
 * by statement-level triggers on approval_items (migration 0025): the count is the sum of an
 * approver's rows. Deltas are only ever inserted, so concurrent approvals never wait for each
 * other on a counter row (an upserted per-approver row would lock, and two approvers approving
 * crosswise could deadlock); a job folds each approver's rows into one (approvals/waiting-counts.ts).
 */
export const approvalWaitingCounts = pgTable(
  'approval_waiting_counts',
  {
    organizationId: orgColumn(),
    approverId: uuid('approver_id').notNull(),
    entityType: text('entity_type').$type<ApprovalFlowType>().notNull(),
    count: integer('count').notNull(),
  },
  (table) => [index('approval_waiting_counts_approver_idx').on(table.organizationId, table.approverId, table.entityType)],
);

/**
 * A member's absence with their substitute (one per member: the current or the next one). While
 * it lasts, approvals that would wait for the member wait for the substitute (approvals/substitutes.ts).
 * Both are members: removing either from the organisation removes the absence.
 */
export const approvalAbsences = pgTable(
  'approval_absences',
  {
    organizationId: orgColumn(),
    userId: uuid('user_id').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    substituteId: uuid('substitute_id').notNull(),
    note: text('note'),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    foreignKey({
      name: 'approval_absences_member_fk',
      columns: [table.organizationId, table.userId],
      foreignColumns: [memberships.organizationId, memberships.userId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'approval_absences_substitute_fk',
      columns: [table.organizationId, table.substituteId],
      foreignColumns: [memberships.organizationId, memberships.userId],
    }).onDelete('cascade'),
  ],
);
