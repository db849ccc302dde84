import { and, eq } from 'drizzle-orm';
import type {
  CreateTransactionBody,
  DashboardRange,
  Locale,
  Transaction,
  TransactionDashboard,
  TransactionListQuery,
  TransactionListResponse,
  UpdateTransactionBody,
} from '@kontor/domain';
import type { Database, OrgId, Tx } from '../../db/database';
import { invoices } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { actorOf, tenant } from '../approvals/context';
import { createTransactionForInvoice } from './from-invoice';
import { createManualTransaction, updateOpenTransaction, updateTransactionNotes } from './manual-transactions';
import { transactionProblemList } from './problem-texts';
import {
  archiveTransaction,
  decideAnalysis,
  postponeTransaction,
  reactivateTransaction,
  reanalyseTransaction,
} from './transaction-actions';
import { transactionDashboard } from './transaction-dashboard';
import { listTransactions } from './transaction-list';
import { findTransactionRow, type TransactionRow } from './transaction-rows';
import { toTransactionView } from './transaction-view';

/** Invoice statuses a payment may be created for later: approved (and exported to accounting after approval). */
const PAYABLE_INVOICE_STATUSES = ['approved', 'exported'];

/** The transactions API (issue 7 item 2): every call in one database transaction under row-level security. */
export class TransactionService {
  constructor(private readonly database: Database) {}

  private act(org: OrgContext, work: (tx: Tx, orgId: OrgId) => Promise<TransactionRow>): Promise<Transaction> {
    return this.database.withOrg(tenant(org), async (tx) => toTransactionView(tx, org.orgId, await work(tx, org.orgId)));
  }

  list(org: OrgContext, query: TransactionListQuery): Promise<TransactionListResponse> {
    return this.database.withOrg(tenant(org), (tx) => listTransactions(tx, org.orgId, query), { readOnly: true });
  }

  get(org: OrgContext, id: string): Promise<Transaction> {
    return this.database.withOrg(
      tenant(org),
      async (tx) => {
        const row = await findTransactionRow(tx, org.orgId, id);
        if (!row) throw new AppError('transaction_not_found');
        return toTransactionView(tx, org.orgId, row);
      },
      { readOnly: true },
    );
  }

  dashboard(org: OrgContext, range: DashboardRange): Promise<TransactionDashboard> {
    // Sums over the organisation's payments: not a short read to queue others behind.
    return this.database.withOrg(tenant(org), (tx) => transactionDashboard(tx, org.orgId, range), {
      readOnly: true,
      ownConnection: true,
    });
  }

  create(org: OrgContext, body: CreateTransactionBody): Promise<Transaction> {
    return this.act(org, (tx, orgId) => createManualTransaction(tx, orgId, actorOf(org), body));
  }

  update(org: OrgContext, id: string, body: UpdateTransactionBody): Promise<Transaction> {
    return this.act(org, (tx, orgId) => updateOpenTransaction(tx, orgId, actorOf(org), id, body));
  }

  notes(org: OrgContext, id: string, body: { version: number; notes: string | null }): Promise<Transaction> {
    return this.act(org, (tx, orgId) => updateTransactionNotes(tx, orgId, actorOf(org), id, body));
  }

  archive(org: OrgContext, id: string, event: 'cancel' | 'archive', body: { version: number; reason: string }) {
    return this.act(org, (tx, orgId) => archiveTransaction(tx, orgId, actorOf(org), id, event, body));
  }

  reactivate(org: OrgContext, id: string, body: { version: number }) {
    return this.act(org, (tx, orgId) => reactivateTransaction(tx, orgId, actorOf(org), id, body));
  }

  postpone(org: OrgContext, id: string, body: { version: number; requestedExecutionDate?: string | undefined }) {
    return this.act(org, (tx, orgId) => postponeTransaction(tx, orgId, actorOf(org), id, body));
  }

  decideAnalysis(org: OrgContext, id: string, body: { version: number; decision: 'mark_ok' | 'mark_not_ok'; note: string }) {
    return this.act(org, (tx, orgId) => decideAnalysis(tx, orgId, actorOf(org), id, body));
  }

  analyse(org: OrgContext, id: string, body: { version: number }) {
    return this.act(org, (tx, orgId) => reanalyseTransaction(tx, orgId, id, body));
  }

  /**
   * POST /api/transactions/from-invoice/:invoiceId: the payment of an approved invoice created later
   * (e.g. after a default debitor account was added). Answers whether it was new; the domain's
   * problems refuse with a translated list.
   */
  async createFromInvoice(
    org: OrgContext,
    invoiceId: string,
    locale: Locale,
  ): Promise<{ transaction: Transaction; created: boolean }> {
    return this.database.withOrg(tenant(org), async (tx) => {
      // Locked like an approval locks it: a reset at the same moment waits for this.
      const [invoice] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.organizationId, org.orgId), eq(invoices.id, invoiceId)))
        .for('update');
      if (!invoice) throw new AppError('invoice_not_found');
      if (!PAYABLE_INVOICE_STATUSES.includes(invoice.status)) {
        throw new AppError('invoice_action_refused', { status: invoice.status });
      }
      const result = await createTransactionForInvoice(tx, org.orgId, invoice, actorOf(org));
      if (!result.ok) {
        throw new AppError('transaction_not_created', { problems: transactionProblemList(result.problems, locale) });
      }
      return { transaction: await toTransactionView(tx, org.orgId, result.transaction), created: result.created };
    });
  }
}
