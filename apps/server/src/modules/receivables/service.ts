import { todayIso } from '@kontor/domain/dates';
import {
  lineNetAmount,
  nextReceivableStatus,
  receivableTotals,
  restoreTarget,
  type ArCancel,
  type ArInvoice,
  type ArInvoiceInput,
  type ArInvoiceListQuery,
  type ArMarkPaid,
  type ReceivableAction,
} from '@kontor/domain';
import type { Database, OrgId, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { and, eq } from 'drizzle-orm';
import { activityLog } from '../../db/schema';
import { readActivityEntries, type ActivityLogEntry } from '../activity-log/reader';
import { diffFields, writeActivity, type Actor } from '../activity-log/writer';
import { tenant } from '../master-data/service-helpers';
import { listArInvoices } from './list-repo';
import {
  counterpartyOf,
  findArInvoiceRow,
  insertArInvoiceRow,
  readArInvoice,
  replaceArLines,
  takeArInvoiceNumber,
  updateArInvoiceRow,
  type ArInvoiceRow,
  type ArLineInsert,
} from './repo';

const actorOf = (org: OrgContext): Actor => ({ type: 'user', id: org.userId });

/** Header fields whose changes the activity log keeps. */
const LOGGED = [
  'counterpartyId',
  'invoiceDate',
  'dueDate',
  'servicePeriodStart',
  'servicePeriodEnd',
  'currency',
  'netAmount',
  'taxAmount',
  'totalAmount',
  'notes',
  'paymentTermDays',
  'skontoRate',
  'skontoDays',
] as const;

/** The row's columns and lines for an input: amounts computed from the lines, exactly. */
function fromInput(input: ArInvoiceInput): {
  columns: Omit<
    ArInvoiceRow,
    | 'organizationId'
    | 'id'
    | 'version'
    | 'status'
    | 'invoiceNumber'
    | 'paidAmount'
    | 'paidOn'
    | 'paidAt'
    | 'cancelReason'
    | 'statusBeforeCancel'
    | 'documentKey'
    | 'documentVersion'
    | 'sentAt'
    | 'createdBy'
    | 'createdAt'
    | 'updatedAt'
  >;
  lines: ArLineInsert[];
} {
  const totals = receivableTotals(input.lineItems);
  return {
    columns: {
      type: input.type,
      counterpartyId: input.counterpartyId,
      invoiceDate: input.invoiceDate,
      dueDate: input.dueDate,
      servicePeriodStart: input.servicePeriodStart,
      servicePeriodEnd: input.servicePeriodEnd,
      currency: input.currency,
      netAmount: totals.netAmount,
      taxAmount: totals.taxAmount,
      totalAmount: totals.totalAmount,
      taxBreakdown: totals.taxBreakdown,
      notes: input.notes,
      paymentTermDays: input.paymentTermDays,
      skontoRate: input.skontoRate,
      skontoDays: input.skontoDays,
      correctedInvoiceId: input.correctedInvoiceId,
    },
    lines: input.lineItems.map((line, position) => ({
      position,
      description: line.description,
      quantity: String(line.quantity),
      unit: line.unit,
      unitPrice: line.unitPrice,
      taxRate: line.taxRate,
      netAmount: lineNetAmount(line.quantity, line.unitPrice),
    })),
  };
}

export class ReceivableService {
  constructor(private readonly database: Database) {}

  list(org: OrgContext, query: ArInvoiceListQuery) {
    return this.database.withOrg(tenant(org), (tx) => listArInvoices(tx, org.orgId, query, todayIso()), { readOnly: true });
  }

  async get(org: OrgContext, id: string): Promise<ArInvoice> {
    const found = await this.database.withOrg(tenant(org), (tx) => readArInvoice(tx, org.orgId, id), { readOnly: true });
    if (!found) throw new AppError('ar_invoice_not_found');
    return found;
  }

  activity(org: OrgContext, id: string): Promise<{ items: ActivityLogEntry[] }> {
    return this.database.withOrg(
      tenant(org),
      async (tx) => {
        if (!(await findArInvoiceRow(tx, org.orgId, id))) throw new AppError('ar_invoice_not_found');
        const entries = and(eq(activityLog.entityType, 'ar_invoice'), eq(activityLog.entityId, id))!;
        return { items: await readActivityEntries(tx, org.orgId, entries) };
      },
      { readOnly: true },
    );
  }

  /** A draft, or (with `issue`) an outstanding invoice that takes the next number at once. */
  create(org: OrgContext, input: ArInvoiceInput & { issue?: boolean }): Promise<ArInvoice> {
    return this.database.withOrg(tenant(org), async (tx) => {
      await checkReferences(tx, org.orgId, input, null);
      const { columns, lines } = fromInput(input);
      const issue = input.issue ?? false;
      const row = await insertArInvoiceRow(tx, org.orgId, {
        ...columns,
        status: issue ? 'outstanding' : 'draft',
        invoiceNumber: issue ? await takeArInvoiceNumber(tx, org.orgId) : null,
        createdBy: org.userId,
      });
      await replaceArLines(tx, org.orgId, row.id, lines);
      await writeActivity(tx, org.orgId, {
        entityType: 'ar_invoice',
        entityId: row.id,
        action: 'create',
        actor: actorOf(org),
        changes: { status: row.status, invoiceNumber: row.invoiceNumber, totalAmount: row.totalAmount },
      });
      return (await readArInvoice(tx, org.orgId, row.id))!;
    });
  }

  /** Edits a draft, or an issued invoice nothing has been paid of (SPEC: a cancelled one never). */
  update(org: OrgContext, id: string, input: ArInvoiceInput & { version: number }): Promise<ArInvoice> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const before = await lockCurrent(tx, org.orgId, id, input.version);
      const paid = { paidAmount: before.paidAmount, totalAmount: Math.abs(before.totalAmount) };
      if (nextReceivableStatus(before.status, 'edit', paid) === null) {
        throw new AppError('ar_invoice_not_editable', { status: before.status });
      }
      await checkReferences(tx, org.orgId, input, id);
      const { columns, lines } = fromInput(input);
      const after = await updateArInvoiceRow(tx, org.orgId, before, columns);
      await replaceArLines(tx, org.orgId, id, lines);
      const changes = diffFields(pick(before), pick(after));
      await writeActivity(tx, org.orgId, {
        entityType: 'ar_invoice',
        entityId: id,
        action: 'update',
        actor: actorOf(org),
        changes,
      });
      return (await readArInvoice(tx, org.orgId, id))!;
    });
  }

  /** Draft → outstanding: the invoice gets the next number of the sequence. */
  issue(org: OrgContext, id: string, version: number): Promise<ArInvoice> {
    return this.transition(org, id, version, 'issue', async (tx, row) => ({
      invoiceNumber: row.invoiceNumber ?? (await takeArInvoiceNumber(tx, org.orgId)),
    }));
  }

  /** A payment received: partially paid while less than the total has come in, then paid. */
  recordPayment(org: OrgContext, id: string, body: ArMarkPaid & { version: number }): Promise<ArInvoice> {
    if (body.paidOn > todayIso()) throw new AppError('ar_invoice_paid_in_future');
    return this.transition(
      org,
      id,
      body.version,
      'record_payment',
      async (_tx, row) => ({ paidAmount: row.paidAmount + body.amount, paidOn: body.paidOn }),
      (row) => {
        const open = Math.abs(row.totalAmount) - row.paidAmount;
        if (body.amount > open) {
          throw new AppError('validation_failed', undefined, { fieldErrors: { amount: ['exceeds_open'] } });
        }
        return { paidAmount: row.paidAmount + body.amount, totalAmount: Math.abs(row.totalAmount) };
      },
    );
  }

  markUnpaid(org: OrgContext, id: string, version: number): Promise<ArInvoice> {
    return this.transition(org, id, version, 'mark_unpaid', async () => ({ paidAmount: 0, paidOn: null }));
  }

  cancel(org: OrgContext, id: string, body: ArCancel & { version: number }): Promise<ArInvoice> {
    return this.transition(org, id, body.version, 'cancel', async (_tx, row) => ({
      cancelReason: body.reason,
      statusBeforeCancel: row.status,
    }));
  }

  /** A canceled receivable goes back to what it was (a draft stays a draft); a transferred one to outstanding. */
  restore(org: OrgContext, id: string, version: number): Promise<ArInvoice> {
    return this.transition(
      org,
      id,
      version,
      'restore',
      async () => ({ cancelReason: null, statusBeforeCancel: null }),
      undefined,
      (row) => (row.status === 'canceled' ? restoreTarget(row.statusBeforeCancel) : null),
    );
  }

  /**
   * One status change under the row's lock: the transition table (packages/domain) decides
   * whether it is allowed and where it leads; `patch` adds the columns that go with it.
   */
  private transition(
    org: OrgContext,
    id: string,
    version: number,
    action: ReceivableAction,
    patch: (tx: Tx, row: ArInvoiceRow) => Promise<Partial<ArInvoiceRow>>,
    payment?: (row: ArInvoiceRow) => { paidAmount: number; totalAmount: number },
    override?: (row: ArInvoiceRow) => ArInvoiceRow['status'] | null,
  ): Promise<ArInvoice> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const before = await lockCurrent(tx, org.orgId, id, version);
      const next = override?.(before) ?? nextReceivableStatus(before.status, action, payment?.(before));
      if (next === null) throw new AppError('ar_invoice_transition', { status: before.status });
      const after = await updateArInvoiceRow(tx, org.orgId, before, { ...(await patch(tx, before)), status: next });
      await writeActivity(tx, org.orgId, {
        entityType: 'ar_invoice',
        entityId: id,
        action: action === 'cancel' ? 'cancel' : 'update',
        actor: actorOf(org),
        changes: {
          ...diffFields(
            { status: before.status, paidAmount: before.paidAmount, invoiceNumber: before.invoiceNumber },
            {
              status: after.status,
              paidAmount: after.paidAmount,
              invoiceNumber: after.invoiceNumber,
            },
          ),
          ...(action === 'cancel' ? { reason: after.cancelReason } : {}),
        },
      });
      return (await readArInvoice(tx, org.orgId, id))!;
    });
  }
}

function pick(row: ArInvoiceRow): Record<string, unknown> {
  return Object.fromEntries(LOGGED.map((key) => [key, row[key]]));
}

async function lockCurrent(tx: Tx, orgId: OrgId, id: string, version: number): Promise<ArInvoiceRow> {
  const row = await findArInvoiceRow(tx, orgId, id, true);
  if (!row) throw new AppError('ar_invoice_not_found');
  if (row.version !== version) throw new AppError('stale_version');
  return row;
}

/** The counterparty and the corrected invoice must be this organisation's; a credit note corrects an issued invoice. */
async function checkReferences(tx: Tx, orgId: OrgId, input: ArInvoiceInput, selfId: string | null): Promise<void> {
  if (!(await counterpartyOf(tx, orgId, input.counterpartyId))) {
    throw new AppError('validation_failed', undefined, { fieldErrors: { counterpartyId: ['invalid'] } });
  }
  if (input.correctedInvoiceId) {
    const corrected = await findArInvoiceRow(tx, orgId, input.correctedInvoiceId);
    if (!corrected || corrected.id === selfId || corrected.type !== 'invoice' || corrected.invoiceNumber === null) {
      throw new AppError('ar_invoice_corrected_not_found');
    }
  }
}
