import {
  explainFlowChoice,
  isOcrRunning,
  nextInvoiceStatus,
  requirementStageOfApproval,
  unmetConditions,
  type BulkApproveBody,
  type BulkApproveResponse,
  type Invoice,
  type InvoiceAction,
  type Locale,
  type ApproverCandidatesResponse,
  type MatchingFlowResponse,
  type ReassignApprovalBody,
  type RequestApprovalBody,
} from '@kontor/domain';
import type { Database, Tx } from '../../db/database';
import { AppError, isAppError } from '../../lib/app-error';
import { translateError } from '../../lib/i18n';
import type { Mailer } from '../../plugins/foundation-types';
import type { OrgContext } from '../../plugins/session';
import { writeActivity } from '../activity-log/writer';
import { canSeeAllInvoices } from '../invoices/policy';
import { findRequiredFieldSettings, loadInvoiceParts, updateInvoiceVersioned, type InvoiceRow } from '../invoices/repo';
import { findVisibleInvoice, readInvoice } from '../invoices/service';
import { createWantedTransactionForInvoice } from '../transactions/from-invoice';
import { enforceRequiredFields, flowSubjectOf } from './approval-checks';
import { actorOf, tenant } from './context';
import { assertInvoiceApprovalsCanEnd, endInvoiceApprovals } from './end-invoice-approvals';
import { listFlowRows, listMembers } from './flow-repo';
import { notifyOpenedStep } from './notify';
import { openApprovalRequest } from './open-request';
import { reassignApproval } from './reassign-approval';
import { recordDecision, type RecordedDecision } from './record-decision';
import { findCurrentRequest, findOpenRequest } from './request-repo';

/**
 * Invoice approvals (SPEC §4): request, approve, reject, reset. Every action locks the invoice
 * row first, so concurrent approvers of one invoice are serialised and each sees the decisions
 * committed before it; the engine in packages/domain decides, this class stores the outcome.
 */
export class InvoiceApprovalService {
  constructor(
    private readonly database: Database,
    private readonly deps: { mailer: Mailer; publicUrl: string },
  ) {}

  async matchingFlow(org: OrgContext, id: string): Promise<MatchingFlowResponse> {
    return this.database.withOrg(
      tenant(org),
      async (tx) => {
        const row = await findVisibleInvoice(tx, org, id);
        const parts = await loadInvoiceParts(tx, org.orgId, id);
        const flows = await listFlowRows(tx, org.orgId, 'invoice');
        const subject = flowSubjectOf(row, parts);
        const choice = explainFlowChoice(flows, 'invoice', subject);
        return {
          matching: choice ? { id: choice.flow.id, name: choice.flow.name, reason: choice.reason } : null,
          flows: flows.map((flow) => ({
            id: flow.id,
            name: flow.name,
            isDefault: flow.isDefault,
            stepCount: flow.steps.length,
            conditions: flow.conditions,
            unmetConditions: unmetConditions(flow, subject),
          })),
        };
      },
      { readOnly: true },
    );
  }

  async request(org: OrgContext, id: string, body: RequestApprovalBody, locale: Locale): Promise<Invoice> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const row = await this.lockForAction(tx, org, id, body.version, 'request_approval');
      const parts = await loadInvoiceParts(tx, org.orgId, id);
      enforceRequiredFields(row, parts, await findRequiredFieldSettings(tx, org.orgId), 'request_approval', locale);
      const { request } = await openApprovalRequest(
        tx,
        org,
        { type: 'invoice', id },
        {
          flowId: body.flowId,
          subject: flowSubjectOf(row, parts),
          notFound: (pickedByHand) => (pickedByHand ? 'approval_flow_not_found' : 'flow_not_found'),
        },
      );
      const updated = await this.moveInvoice(tx, org, row, 'request_approval');
      await notifyOpenedStep(tx, this.deps, org, updated, request, 0);
      return readInvoice(tx, org.orgId, updated);
    });
  }

  async approve(org: OrgContext, id: string, version: number, locale: Locale): Promise<Invoice> {
    return (await this.decide(org, id, version, { decision: 'approved', reason: null }, locale)).invoice;
  }

  async reject(org: OrgContext, id: string, body: { reason: string; version: number }, locale: Locale): Promise<Invoice> {
    return (await this.decide(org, id, body.version, { decision: 'rejected', reason: body.reason }, locale)).invoice;
  }

  /**
   * Approves several invoices (the "my approvals" selection), each in its own transaction exactly
   * as a single approval: one refusal (a stale version, a missing required field, no longer this
   * approver's turn) does not hold up the others and comes back with its code and message.
   */
  async bulkApprove(org: OrgContext, body: BulkApproveBody, locale: Locale): Promise<BulkApproveResponse> {
    const decided: BulkApproveResponse['decided'] = [];
    const failed: BulkApproveResponse['failed'] = [];
    const seen = new Set<string>();
    for (const { id, version } of body.items) {
      if (seen.has(id)) continue;
      seen.add(id);
      try {
        const { outcome } = await this.decide(org, id, version, { decision: 'approved', reason: null }, locale);
        decided.push({
          id,
          outcome: outcome === 'step_completed' ? 'next_step' : outcome === 'recorded' ? 'recorded' : 'approved',
        });
      } catch (error) {
        if (!isAppError(error)) throw error;
        failed.push({ id, code: error.code, message: translateError(error.code, locale, error.params) });
      }
    }
    return { decided, failed };
  }

  /**
   * Hands an open approval of the current step on to another member (SPEC §6 leaves absences
   * open; this is how an approval does not wait for someone away): the approver themselves or
   * someone with ap_invoices:manage. The invoice keeps its version: nothing of it changed.
   */
  async reassign(org: OrgContext, id: string, body: ReassignApprovalBody): Promise<Invoice> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const row = await findVisibleInvoice(tx, org, id, { lock: true });
      if (row.version !== body.version) throw new AppError('stale_version');
      const request = await findOpenRequest(tx, org.orgId, 'invoice', id);
      if (!request || row.status !== 'in_approval') throw new AppError('approval_not_pending');
      const { newApprover } = await reassignApproval(tx, org, { type: 'invoice', id }, request, body, canSeeAllInvoices(org));
      await notifyOpenedStep(tx, this.deps, org, row, request, request.currentStep, newApprover.userId);
      return readInvoice(tx, org.orgId, row);
    });
  }

  /** The members an approval of this invoice may be handed on to (any member; the server checks the step). */
  async approverCandidates(org: OrgContext, id: string): Promise<ApproverCandidatesResponse> {
    return this.database.withOrg(
      tenant(org),
      async (tx) => {
        await findVisibleInvoice(tx, org, id);
        const members = await listMembers(tx, org.orgId);
        return { items: members.map((member) => ({ id: member.userId, name: member.name || member.email })) };
      },
      { readOnly: true },
    );
  }

  async reset(org: OrgContext, id: string, version: number): Promise<Invoice> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const row = await findVisibleInvoice(tx, org, id, { lock: true });
      if (row.version !== version) throw new AppError('stale_version');
      // Whether before who: a status or payment that refuses the reset says so to anyone.
      await assertInvoiceApprovalsCanEnd(tx, org.orgId, row);
      const request = await findCurrentRequest(tx, org.orgId, 'invoice', id);
      // SPEC §6: the requester, ap_invoices:manage and admins may reset.
      const isRequester = request !== null && request.requestedBy === org.userId;
      if (!isRequester && !canSeeAllInvoices(org)) throw new AppError('approval_reset_forbidden');
      // SPEC §4: the approvals end and the linked payment goes.
      await endInvoiceApprovals(tx, org.orgId, row, actorOf(org), 'reset');
      const updated = await this.moveInvoice(tx, org, row, 'reset');
      return readInvoice(tx, org.orgId, updated);
    });
  }

  private async decide(
    org: OrgContext,
    id: string,
    version: number,
    choice: { decision: 'approved' | 'rejected'; reason: string | null },
    locale: Locale,
  ): Promise<{ invoice: Invoice; outcome: RecordedDecision['outcome'] }> {
    return this.database.withOrg(tenant(org), async (tx) => {
      // The lock serialises approvers of this invoice: the second one reads the first one's decision.
      const row = await findVisibleInvoice(tx, org, id, { lock: true });
      if (row.version !== version) throw new AppError('stale_version');
      const request = await findOpenRequest(tx, org.orgId, 'invoice', id);
      if (!request || row.status !== 'in_approval') throw new AppError('approval_not_pending');
      const entity = { type: 'invoice' as const, id, creatorId: row.uploadedBy };
      const result = await recordDecision(tx, org, entity, request, choice, async (state) => {
        if (choice.decision !== 'approved') return;
        const parts = await loadInvoiceParts(tx, org.orgId, id);
        const settings = await findRequiredFieldSettings(tx, org.orgId);
        enforceRequiredFields(row, parts, settings, requirementStageOfApproval(state), locale);
      });

      // No status change: no new version.
      if (result.outcome === 'recorded') return { invoice: await readInvoice(tx, org.orgId, row), outcome: result.outcome };
      if (result.outcome === 'step_completed') {
        await notifyOpenedStep(tx, this.deps, org, row, request, result.openedStep);
        return { invoice: await readInvoice(tx, org.orgId, row), outcome: result.outcome };
      }
      const action = result.outcome === 'approved' ? 'approve' : 'reject';
      const updated = await this.moveInvoice(tx, org, row, action, choice.reason ?? undefined);
      // Issue 7 item 2: the final approval creates the payment; problems (no debitor account, no
      // IBAN…) are logged on the invoice and do not undo the approval.
      if (result.outcome === 'approved') await createWantedTransactionForInvoice(tx, org.orgId, updated, actorOf(org));
      return { invoice: await readInvoice(tx, org.orgId, updated), outcome: result.outcome };
    });
  }

  /** Locks the visible invoice and checks its version and that the action is allowed in its status. */
  private async lockForAction(tx: Tx, org: OrgContext, id: string, version: number, action: InvoiceAction) {
    const row = await findVisibleInvoice(tx, org, id, { lock: true });
    if (isOcrRunning(row.ocrStatus)) throw new AppError('invoice_in_ocr');
    if (row.version !== version) throw new AppError('stale_version');
    if (!nextInvoiceStatus(row.status, action)) throw new AppError('invoice_action_refused', { status: row.status });
    return row;
  }

  /** A status change by the transition table; status changes bump the invoice's version. */
  private async moveInvoice(tx: Tx, org: OrgContext, row: InvoiceRow, action: InvoiceAction, reason?: string) {
    const next = nextInvoiceStatus(row.status, action);
    if (next === null || next === 'deleted') throw new AppError('invoice_action_refused', { status: row.status });
    const updated = await updateInvoiceVersioned(tx, org.orgId, row.id, row.version, { status: next });
    if (!updated) throw new AppError('stale_version');
    await writeActivity(tx, org.orgId, {
      entityType: 'invoice',
      entityId: row.id,
      action: 'update',
      actor: actorOf(org),
      changes: { status: { from: row.status, to: next }, ...(reason !== undefined ? { reason } : {}) },
    });
    return updated;
  }
}
