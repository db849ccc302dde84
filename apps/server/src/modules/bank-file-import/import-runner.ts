import type { FastifyBaseLogger } from 'fastify';
import { MAX_STORED_IMPORT_PROBLEMS, todayIso } from '@kontor/domain';
import {
  isBankFileError,
  readCamt053,
  readPain001,
  type Camt053Item,
  type CamtStatement,
  type CamtStatementHeader,
  type CamtTransaction,
  type Pain001Item,
  type PainTransaction,
} from '@kontor/formats';
import { asOrgId, type Database, type OrgId, type TenantContext, type Tx } from '../../db/database';
import type { FileStorage } from '../../plugins/foundation-types';
import { writeActivity, type Actor } from '../activity-log/writer';
import { withDefaultNamespace } from './bank-file-format';
import { inFileOrder, readerWarning, warningProblem, type BatchOutcome, type ImportEntry, type Problem } from './import-entries';
import {
  findBankFileImport,
  finishImport,
  isMessageImported,
  markImportRunning,
  recordBatchProgress,
  type BankFileImportRow,
} from './import-repo';
import { convertPainPayment, storePainTransactionBatch, type PainConversion } from './pain001-transactions';
import { CamtStatementStore, type StatementConversion } from '../bank-transactions/camt-statement-store';
import { listStatementAccounts } from '../bank-transactions/accounts-repo';
import { refreshStatisticsAfter } from '../bank-transactions/store-transactions';
import { loadCompanyAccounts } from './party-lookups';
import { camtHistoryPayment, painHistoryPayment, storeHistoryBatch, type HistoryConversion } from './payment-history-batch';

/** Entries per database transaction: multi-row inserts pay off, and the progress bar still moves. */
export const IMPORT_BATCH_ENTRIES = 1000;

/** The file as it streams by: bytes so far (progress), whether it ended, and its last bytes. */
class FileTracker {
  bytes = 0;
  ended = false;
  private tail = Buffer.alloc(0);

  async *track(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of source) {
      this.bytes += chunk.byteLength;
      this.tail = Buffer.concat([this.tail, chunk.subarray(Math.max(0, chunk.byteLength - 256))]).subarray(-256);
      yield chunk;
    }
    this.ended = true;
  }

  /**
   * Whether the file ends with the root's end tag. The readers close what a cut-off file leaves
   * open (to report the payments before the cut), but the last of them may be missing fields and
   * everything after the cut is missing: such a file fails, keeping what was read before.
   */
  get isComplete(): boolean {
    return /<\/([\w.-]+:)?Document\s*>/.test(this.tail.toString('latin1'));
  }
}

/**
 * Where the entries go, per kind of import: each record is prepared (converted) as it arrives, so
 * that a batch holds small values rather than the reader's items; a batch of them is then stored.
 */
interface BatchStore<T> {
  prepare(record: T, entry: number): unknown;
  store(tx: Tx, entries: readonly ImportEntry<unknown>[]): Promise<BatchOutcome>;
  /** Bank statements (camt.053 into bank transactions): the statements around the entries. */
  statements?: {
    started(header: CamtStatementHeader): void;
    ended(statement: CamtStatement): void;
    /** Statement writes waiting for the next batch (a flush is due even without entries). */
    readonly pending: boolean;
    /** Why the file as a whole failed, known once it was read. */
    readonly failureCode: string | null;
  };
}

/**
 * The bank-file import job (issue 7 item 5): streams the stored file through the pain.001 or
 * camt.053 reader and stores its entries batch by batch. Each batch commits with the import's
 * progress (bytes read, counts, problems), so the screen's progress moves and a retried job skips
 * the entries already committed. A file that cannot be read as a whole fails with the reader's
 * code; whatever earlier batches committed stays.
 */
export class BankFileImportRunner {
  constructor(
    private readonly database: Database,
    private readonly storage: FileStorage,
    private readonly log: FastifyBaseLogger,
    private readonly batchEntries = IMPORT_BATCH_ENTRIES,
    /** After a bank statement added transactions (the automatic matching, issue 62). */
    private readonly afterStatementImport: (orgId: string) => Promise<void> = async () => {},
  ) {}

  async run(payload: { orgId: string; importId: string }): Promise<void> {
    const orgId = asOrgId(payload.orgId);
    const context: TenantContext = { orgId, userId: null };
    const row = await this.database.withOrg(context, (tx) => findBankFileImport(tx, orgId, payload.importId), { readOnly: true });
    // Finished, or never existed: a duplicate or late delivery of the job.
    if (!row || row.status === 'completed' || row.status === 'failed' || !row.format) return;
    if (!(await this.database.withOrg(context, (tx) => markImportRunning(tx, orgId, row.id)))) return;
    try {
      const file = await this.storage.getStream(row.fileKey);
      if (!file) {
        await this.markFailed(orgId, row.id, 'file_missing');
        return;
      }
      const { isComplete, messageId, failureCode } = await this.readFile(context, row, file.stream);
      const outcome = !isComplete
        ? { status: 'failed' as const, failureCode: 'file_truncated' }
        : failureCode
          ? { status: 'failed' as const, failureCode }
          : { status: 'completed' as const };
      await this.finish(orgId, row, outcome, messageId);
      if (row.kind === 'bank_statement') {
        const created = await this.createdCount(orgId, row.id);
        await refreshStatisticsAfter(this.database, created);
        if (created > 0) await this.afterStatementImport(orgId);
      }
    } catch (error) {
      // A file that is no pain.001/camt.053 at all does not get better with a retry; anything else (a lost connection) may.
      if (!isBankFileError(error)) throw error;
      this.log.warn({ err: error, importId: row.id }, 'bank file import failed');
      await this.markFailed(orgId, row.id, error.code);
    }
  }

  /** Reads the whole file, batch by batch; answers whether it was complete, and its message id (pain.001). */
  private async readFile(
    context: TenantContext,
    row: BankFileImportRow,
    stream: AsyncIterable<Uint8Array>,
  ): Promise<{ isComplete: boolean; messageId: string | null; failureCode: string | null }> {
    const { orgId } = context;
    const tracker = new FileTracker();
    const source = withDefaultNamespace(tracker.track(stream), row.format!);
    const resumeAfter = row.entryCount;
    let messageId: string | null = null;
    const store = await this.storeFor(context, row, () => messageId);
    const items: AsyncGenerator<Pain001Item | Camt053Item> =
      row.format === 'pain.001' ? readPain001(source) : readCamt053(source);

    let entry = 0;
    let batch: ImportEntry<unknown>[] = [];
    let pending: Problem[] = [];
    let storedProblems = row.problems.length;
    const flush = async () => {
      if (batch.length === 0 && pending.length === 0 && !store.statements?.pending) return;
      const entries = batch;
      const extra = pending;
      batch = [];
      pending = [];
      const bytesRead = tracker.bytes;
      const sent = await this.database.withOrg(context, async (tx) => {
        const outcome = await store.store(tx, entries);
        // Only what still fits is sent (the repo caps it again): a statement can warn 100,000 times.
        const problems = [...extra, ...inFileOrder(outcome.problems)].slice(
          0,
          Math.max(0, MAX_STORED_IMPORT_PROBLEMS - storedProblems),
        );
        await recordBatchProgress(tx, orgId, row.id, {
          bytesRead,
          entries: entries.length,
          created: outcome.created,
          skipped: outcome.skipped,
          problems,
        });
        return problems.length;
      });
      storedProblems += sent;
    };

    for await (const item of items) {
      // After the end of a cut-off file the reader only closes what was left open: nothing trustworthy follows.
      if (tracker.ended && !tracker.isComplete) break;
      if (item.kind === 'groupHeader') {
        messageId = item.groupHeader.messageId;
        if (row.kind === 'transactions' && messageId && resumeAfter === 0) {
          const repeated = await this.database.withOrg(context, (tx) => isMessageImported(tx, orgId, messageId!, row.id), {
            readOnly: true,
          });
          if (repeated) pending.push(warningProblem(undefined, undefined, 'message_already_imported', { messageId }));
        }
      } else if (item.kind === 'statementStart') {
        store.statements?.started(item.statement);
      } else if (item.kind === 'statement') {
        store.statements?.ended(item.statement);
      } else if (item.kind === 'transaction' || item.kind === 'skipped') {
        entry += 1;
        // A statement sums every entry, also those an earlier run of this job committed.
        const record =
          item.kind === 'transaction' && (store.statements || entry > resumeAfter)
            ? store.prepare(item.transaction, entry)
            : null;
        // Committed by an earlier run of this job.
        if (entry <= resumeAfter) continue;
        const line = item.kind === 'transaction' ? item.transaction.position.line : item.position.line;
        batch.push(
          item.kind === 'transaction'
            ? { kind: 'record', entry, line, record }
            : { kind: 'skipped', entry, line, reason: item.reason },
        );
        if (batch.length >= this.batchEntries) await flush();
      } else if (item.kind === 'warning' && entry >= resumeAfter) {
        pending.push(readerWarning(item.code, item.position.line, undefined));
      }
    }
    await flush();
    return { isComplete: tracker.isComplete, messageId, failureCode: store.statements?.failureCode ?? null };
  }

  private async storeFor(
    context: TenantContext,
    row: BankFileImportRow,
    messageIdOf: () => string | null,
  ): Promise<BatchStore<PainTransaction | CamtTransaction>> {
    const { orgId } = context;
    if (row.kind === 'transactions') {
      const companyAccounts = await this.database.withOrg(context, (tx) => loadCompanyAccounts(tx, orgId), { readOnly: true });
      const painContext = { importId: row.id, createdBy: row.createdBy, today: todayIso(), companyAccounts };
      return {
        prepare: (record, entry) => convertPainPayment(record as PainTransaction, entry, painContext),
        store: (tx, entries) => storePainTransactionBatch(tx, orgId, entries as ImportEntry<PainConversion>[]),
      };
    }
    if (row.kind === 'bank_statement') {
      const accounts = await this.database.withOrg(context, (tx) => listStatementAccounts(tx, orgId), { readOnly: true });
      const statements = new CamtStatementStore(orgId, row.id, accounts);
      return {
        prepare: (record) => statements.prepare(record as CamtTransaction),
        store: (tx, entries) => statements.store(tx, entries as ImportEntry<StatementConversion>[]),
        statements: {
          started: (header) => statements.statementStarted(header),
          ended: (statement) => statements.statementEnded(statement),
          get pending() {
            return statements.hasPendingStatements;
          },
          get failureCode() {
            return statements.failureCode;
          },
        },
      };
    }
    const meta = { importId: row.id, source: row.format === 'pain.001' ? ('pain001' as const) : ('camt053' as const) };
    return {
      prepare: (record) =>
        row.format === 'pain.001'
          ? painHistoryPayment(record as PainTransaction, messageIdOf())
          : camtHistoryPayment(record as CamtTransaction),
      store: (tx, entries) => storeHistoryBatch(tx, orgId, entries as ImportEntry<HistoryConversion>[], meta),
    };
  }

  private async finish(
    orgId: OrgId,
    row: BankFileImportRow,
    outcome: { status: 'completed' } | { status: 'failed'; failureCode: string },
    messageId?: string | null,
  ): Promise<void> {
    await this.database.withOrg({ orgId, userId: null }, async (tx) => {
      const current = await findBankFileImport(tx, orgId, row.id, 'update');
      if (!current || current.status === 'completed' || current.status === 'failed') return;
      await finishImport(tx, orgId, row.id, outcome, messageId ?? null);
      // One entry per import with its counts: one per payment would be 100,000 rows for a statement.
      const actor: Actor = current.createdBy ? { type: 'user', id: current.createdBy } : { type: 'system' };
      await writeActivity(tx, orgId, {
        entityType: 'transaction',
        entityId: row.id,
        action: 'create',
        actor,
        changes: {
          importId: row.id,
          kind: row.kind,
          format: row.format,
          fileName: row.fileName,
          ...(messageId ? { messageId } : {}),
          status: outcome.status,
          entries: current.entryCount,
          created: current.createdCount,
          skipped: current.skippedCount,
        },
      });
    });
  }

  private async createdCount(orgId: OrgId, importId: string): Promise<number> {
    const row = await this.database.withOrg({ orgId, userId: null }, (tx) => findBankFileImport(tx, orgId, importId), {
      readOnly: true,
    });
    return row?.createdCount ?? 0;
  }

  async markFailed(orgId: OrgId, importId: string, failureCode: string): Promise<void> {
    const row = await this.database.withOrg({ orgId, userId: null }, (tx) => findBankFileImport(tx, orgId, importId), {
      readOnly: true,
    });
    if (row) await this.finish(orgId, row, { status: 'failed', failureCode });
  }
}
