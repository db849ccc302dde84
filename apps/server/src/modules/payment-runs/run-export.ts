import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  analysisAllowsExport,
  DEFAULT_SEPA_FORMAT,
  nextPaymentRunStatus,
  todayIso,
  type PaymentRun,
  type SepaFormat,
} from '@kontor/domain';
import { isSepaExportError, validateSepaXml, writePain001 } from '@kontor/formats';
import type { Database, OrgId, Tx } from '../../db/database';
import { organizations, paymentHistory } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../plugins/foundation-types';
import type { OrgContext } from '../../plugins/session';
import { actorOf, tenant } from '../approvals/context';
import { lockRunTransactionRows, moveTransactionRows, type TransactionRow } from '../transactions/transaction-rows';
import { moneyOf, moveRun } from './run-lock';
import { findRunRow } from './run-rows';
import { readRun } from './run-view';
import { paymentBatchOf, runFileName } from './sepa-batch';

/** The fraud checks of the transactions module: analyses the rows again, stores and returns them. */
export type AnalyseTransactions = (tx: Tx, orgId: OrgId, rows: readonly TransactionRow[]) => Promise<TransactionRow[]>;

/**
 * SEPA export of an approved run (issue 7 item 4), in one database transaction under the run's
 * lock: the file is written, validated against its XSD and stored, the transactions become
 * exported and enter the payment history, all or nothing. An exported run answers every later
 * export with what it has: the same file, never a second set of payments.
 */
export class PaymentRunExporter {
  constructor(
    private readonly database: Database,
    private readonly storage: FileStorage,
    private readonly analyse: AnalyseTransactions,
  ) {}

  async export(org: OrgContext, id: string, body: { version: number; format?: SepaFormat }): Promise<PaymentRun> {
    const outcome = await this.database.withOrg(tenant(org), async (tx) => {
      const run = await findRunRow(tx, org.orgId, id, { lock: true });
      if (!run) throw new AppError('payment_run_not_found');
      // Before the version check: the loser of two simultaneous exports gets the winner's run.
      if (run.status === 'exported') return { run: await readRun(tx, org.orgId, run, org.userId) };
      if (run.version !== body.version) throw new AppError('stale_version');
      const next = nextPaymentRunStatus(run.status, 'export');
      if (next !== 'exported') throw new AppError('payment_run_action_refused', { status: run.status });

      const locked = await lockRunTransactionRows(tx, org.orgId, id);
      if (locked.length === 0) throw new AppError('payment_run_empty');
      const analysed = await this.analyse(tx, org.orgId, locked);
      const blocked = analysed.filter((row) => !analysisAllowsExport(row.analysisStatus));
      // Refused after commit, so that the fresh analysis (the reason shown) is kept.
      if (blocked.length > 0) return { refusal: new AppError('payment_run_export_blocked', { count: blocked.length }) };
      const foreign = analysed.filter((row) => row.currency !== 'EUR');
      if (foreign.length > 0) {
        const currencies = [...new Set(foreign.map((row) => row.currency))].sort().join(', ');
        throw new AppError('sepa_currency_not_supported', { count: foreign.length, currencies });
      }

      const format = body.format ?? DEFAULT_SEPA_FORMAT;
      const now = new Date();
      const today = todayIso(now);
      const [organization] = await tx
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, org.orgId));
      const batch = paymentBatchOf(run, analysed, { initiatingPartyName: organization!.name, now, today });
      const xml = await writeValidatedFile(batch, format);
      const fileName = runFileName(run, today);
      const fileKey = `org/${org.orgId}/payment-runs/${id}/${fileName}`;
      const sha256 = createHash('sha256').update(xml).digest('hex');
      // Stored before the commit: should the commit fail, the next export writes the same key again.
      await this.storage.put(fileKey, Buffer.from(xml, 'utf8'), 'application/xml');

      const exported = await moveTransactionRows(tx, org.orgId, analysed, 'export', actorOf(org), { set: { exportedAt: now } });
      await insertExportHistory(
        tx,
        org.orgId,
        exported,
        batch.payments.map((payment) => payment.requestedExecutionDate),
      );
      const updated = await moveRun(tx, org.orgId, run, next, actorOf(org), 'export', {
        patch: {
          exportedAt: now,
          exportedBy: org.userId,
          exportFormat: format,
          exportMessageId: batch.messageId,
          exportFileKey: fileKey,
          exportFileName: fileName,
          exportFileSha256: sha256,
        },
        changes: { format, messageId: batch.messageId, fileName, sha256, exported: moneyOf(exported) },
      });
      return { run: await readRun(tx, org.orgId, updated, org.userId) };
    });
    if ('refusal' in outcome) throw outcome.refusal;
    return outcome.run;
  }

  /** The stored file of an exported run: the same bytes on every download. */
  async file(org: OrgContext, id: string): Promise<{ fileName: string; body: Buffer }> {
    const run = await this.database.withOrg(tenant(org), (tx) => findRunRow(tx, org.orgId, id), { readOnly: true });
    if (!run) throw new AppError('payment_run_not_found');
    if (run.status !== 'exported' || !run.exportFileKey || !run.exportFileName) {
      throw new AppError('payment_run_action_refused', { status: run.status });
    }
    const stored = await this.storage.get(run.exportFileKey);
    if (!stored) throw new Error(`stored SEPA file ${run.exportFileKey} is missing`);
    return { fileName: run.exportFileName, body: stored.body };
  }
}

/** pain.001 from the batch, offered only when it validates against its XSD. */
async function writeValidatedFile(batch: Parameters<typeof writePain001>[0], format: SepaFormat): Promise<string> {
  let xml: string;
  try {
    xml = writePain001(batch, { version: format });
  } catch (error) {
    if (!isSepaExportError(error)) throw error;
    const details = error.issues
      .slice(0, 5)
      .map((issue) => `${issue.field}${issue.endToEndId ? ` (${issue.endToEndId})` : ''}: ${issue.code}`)
      .join('; ');
    throw new AppError('sepa_export_invalid', { details });
  }
  const validation = await validateSepaXml(xml, format);
  if (!validation.valid) throw new AppError('sepa_export_invalid', { details: validation.errors.slice(0, 3).join('; ') });
  return xml;
}

/**
 * Exported payments join the trusted history, so that later checks know these IBANs as paid for
 * their counterparties. The entry key makes a repeated insert add nothing.
 */
async function insertExportHistory(
  tx: Tx,
  orgId: OrgId,
  rows: readonly TransactionRow[],
  paidOn: readonly string[],
): Promise<void> {
  const values = rows.map((row, index) => ({
    organizationId: orgId,
    entryKey: `export:${row.id}`,
    source: 'export' as const,
    counterpartyId: row.counterpartyId,
    creditorIban: row.creditorIban,
    creditorName: row.creditorName,
    amount: row.amount,
    currency: row.currency,
    paidOn: paidOn[index]!,
    remittanceInformation: row.remittanceInformation,
    endToEndId: row.endToEndId,
  }));
  for (let start = 0; start < values.length; start += 1000) {
    await tx
      .insert(paymentHistory)
      .values(values.slice(start, start + 1000))
      .onConflictDoNothing();
  }
}
