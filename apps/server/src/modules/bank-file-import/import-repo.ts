import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  MAX_STORED_IMPORT_PROBLEMS,
  type BankFileImport,
  type BankFileImportKind,
  type StoredBankFileImportProblem,
} from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { bankFileImports } from '../../db/schema';

export type BankFileImportRow = typeof bankFileImports.$inferSelect;
export type NewBankFileImportRow = Omit<typeof bankFileImports.$inferInsert, 'organizationId'>;

/** How many problems the list answer carries per import; the import's own GET has them all. */
const LIST_PROBLEMS = 50;

export async function insertBankFileImport(tx: Tx, orgId: OrgId, values: NewBankFileImportRow): Promise<BankFileImportRow> {
  const [row] = await tx
    .insert(bankFileImports)
    .values({ ...values, organizationId: orgId })
    .returning();
  if (!row) throw new Error('bank file import insert returned nothing');
  return row;
}

export async function findBankFileImport(tx: Tx, orgId: OrgId, id: string, lock?: 'update'): Promise<BankFileImportRow | null> {
  const query = tx
    .select()
    .from(bankFileImports)
    .where(and(eq(bankFileImports.organizationId, orgId), eq(bankFileImports.id, id)))
    .limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? null;
}

/** The latest imports, newest first, each with the first LIST_PROBLEMS problems. */
export async function listBankFileImports(
  tx: Tx,
  orgId: OrgId,
  limit: number,
  kinds: readonly BankFileImportKind[],
): Promise<BankFileImportRow[]> {
  return tx
    .select({
      organizationId: bankFileImports.organizationId,
      id: bankFileImports.id,
      kind: bankFileImports.kind,
      format: bankFileImports.format,
      messageId: bankFileImports.messageId,
      fileName: bankFileImports.fileName,
      fileKey: bankFileImports.fileKey,
      fileSize: bankFileImports.fileSize,
      status: bankFileImports.status,
      bytesRead: bankFileImports.bytesRead,
      entryCount: bankFileImports.entryCount,
      createdCount: bankFileImports.createdCount,
      skippedCount: bankFileImports.skippedCount,
      problems: sql<
        StoredBankFileImportProblem[]
      >`jsonb_path_query_array(${bankFileImports.problems}, ${`$[0 to ${LIST_PROBLEMS - 1}]`}::jsonpath)`,
      failureCode: bankFileImports.failureCode,
      createdBy: bankFileImports.createdBy,
      createdAt: bankFileImports.createdAt,
      finishedAt: bankFileImports.finishedAt,
    })
    .from(bankFileImports)
    .where(and(eq(bankFileImports.organizationId, orgId), inArray(bankFileImports.kind, [...kinds])))
    .orderBy(desc(bankFileImports.createdAt), desc(bankFileImports.id))
    .limit(limit);
}

/** queued → running; false when the import is already finished (a late duplicate of the job). */
export async function markImportRunning(tx: Tx, orgId: OrgId, id: string): Promise<boolean> {
  const rows = await tx
    .update(bankFileImports)
    .set({ status: 'running' })
    .where(
      and(
        eq(bankFileImports.organizationId, orgId),
        eq(bankFileImports.id, id),
        inArray(bankFileImports.status, ['queued', 'running']),
      ),
    )
    .returning({ id: bankFileImports.id });
  return rows.length > 0;
}

export interface BatchProgress {
  bytesRead: number;
  /** Entries of the file handled by this batch (created + skipped); a retry resumes after them. */
  entries: number;
  created: number;
  skipped: number;
  problems: StoredBankFileImportProblem[];
}

/**
 * Adds one batch's counts in the transaction that stored its rows. Problems are appended only up
 * to MAX_STORED_IMPORT_PROBLEMS (checked in SQL, so a resumed job cannot overshoot either).
 */
export async function recordBatchProgress(tx: Tx, orgId: OrgId, id: string, progress: BatchProgress): Promise<void> {
  const problems = JSON.stringify(progress.problems);
  await tx
    .update(bankFileImports)
    .set({
      bytesRead: sql`greatest(${bankFileImports.bytesRead}, ${progress.bytesRead})`,
      entryCount: sql`${bankFileImports.entryCount} + ${progress.entries}`,
      createdCount: sql`${bankFileImports.createdCount} + ${progress.created}`,
      skippedCount: sql`${bankFileImports.skippedCount} + ${progress.skipped}`,
      problems: sql`${bankFileImports.problems} || coalesce((
        select jsonb_agg(p.value order by p.n)
        from jsonb_array_elements(${problems}::jsonb) with ordinality as p(value, n)
        where p.n <= ${MAX_STORED_IMPORT_PROBLEMS} - jsonb_array_length(${bankFileImports.problems})
      ), '[]'::jsonb)`,
    })
    .where(and(eq(bankFileImports.organizationId, orgId), eq(bankFileImports.id, id)));
}

export async function finishImport(
  tx: Tx,
  orgId: OrgId,
  id: string,
  outcome: { status: 'completed' } | { status: 'failed'; failureCode: string },
  messageId: string | null = null,
): Promise<void> {
  await tx
    .update(bankFileImports)
    .set({
      status: outcome.status,
      messageId,
      failureCode: outcome.status === 'failed' ? outcome.failureCode : null,
      finishedAt: sql`now()`,
      ...(outcome.status === 'completed' ? { bytesRead: sql`${bankFileImports.fileSize}` } : {}),
    })
    .where(
      and(
        eq(bankFileImports.organizationId, orgId),
        eq(bankFileImports.id, id),
        inArray(bankFileImports.status, ['queued', 'running']),
      ),
    );
}

/** Whether an earlier transactions import of this organisation read the same pain.001 message id. */
export async function isMessageImported(tx: Tx, orgId: OrgId, messageId: string, importId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: bankFileImports.id })
    .from(bankFileImports)
    .where(
      and(
        eq(bankFileImports.organizationId, orgId),
        eq(bankFileImports.kind, 'transactions'),
        eq(bankFileImports.messageId, messageId),
        ne(bankFileImports.id, importId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** 0..1 from the bytes read; a finished import is complete whatever its size. */
export function toBankFileImportView(row: BankFileImportRow): BankFileImport {
  const progress = row.status === 'completed' ? 1 : row.fileSize > 0 ? Math.min(1, row.bytesRead / row.fileSize) : 0;
  return {
    id: row.id,
    kind: row.kind,
    format: row.format,
    fileName: row.fileName,
    fileSize: Number(row.fileSize),
    status: row.status,
    progress,
    entryCount: row.entryCount,
    createdCount: row.createdCount,
    skippedCount: row.skippedCount,
    problems: row.problems,
    failureCode: row.failureCode,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
