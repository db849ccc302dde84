import { and, eq, inArray, sql } from 'drizzle-orm';
import { nextAnalysisState, type AnalysisFlag, type TransactionAnalysisStatus } from '@kontor/domain';
import type { OrgId, Tx } from '../../../db/database';
import { transactions } from '../../../db/schema';
import type { TransactionRow } from '../transaction-rows';
import { loadAnalysisFacts } from './analysis-facts';
import { runFraudChecks } from './fraud-checks';

interface AnalysisUpdate {
  id: string;
  status: TransactionAnalysisStatus;
  flags: AnalysisFlag[];
  note: string | null;
  /** Whether a manual "mark OK" / "not OK" survives (same flags): its author and time stay. */
  keeps_decision: boolean;
}

/**
 * Runs the fraud checks for the rows (already locked by the caller) and stores flags + analysis
 * state; returns the updated rows in the same order.
 *
 * Facts are loaded in four set-based statements and written back in one, whatever the row count
 * (a payment run may hold 10,000 transactions). The state moves through the domain's
 * nextAnalysisState, which keeps a manual decision while the flags stay the same.
 */
export async function analyseTransactionRows(
  tx: Tx,
  orgId: OrgId,
  rows: readonly TransactionRow[],
  now: Date = new Date(),
): Promise<TransactionRow[]> {
  if (rows.length === 0) return [];
  const facts = await loadAnalysisFacts(tx, orgId, rows);
  const updates: AnalysisUpdate[] = rows.map((row) => {
    const flags = runFraudChecks(row, { facts, now });
    const state = { status: row.analysisStatus, flags: row.analysisFlags, note: row.analysisNote };
    // `analysed` applies in every state (ANALYSIS_TRANSITIONS); the fallback only guards the types.
    const next = nextAnalysisState(state, { type: 'analysed', flags }) ?? { status: row.analysisStatus, flags, note: null };
    const manual = next.status === 'marked_ok' || next.status === 'not_ok';
    return { id: row.id, status: next.status, flags: [...next.flags], note: next.note, keeps_decision: manual };
  });

  // One statement per 5,000 rows keeps the JSON parameter of a 10,000-row run at a few MB.
  const updated: TransactionRow[] = [];
  for (let start = 0; start < updates.length; start += 5000) {
    const chunk = updates.slice(start, start + 5000);
    const json = JSON.stringify(chunk);
    await tx.execute(sql`
      update ${transactions} t
         set analysis_status = v.status, analysis_flags = v.flags, analysis_note = v.note, analysed_at = now(),
             analysis_decided_by = case when v.keeps_decision then t.analysis_decided_by end,
             analysis_decided_at = case when v.keeps_decision then t.analysis_decided_at end,
             version = t.version + 1, updated_at = now()
        from jsonb_to_recordset(${json}::jsonb) as v(id uuid, status text, flags jsonb, note text, keeps_decision boolean)
       where t.organization_id = ${orgId} and t.id = v.id`);
    // Read back through drizzle for typed rows (raw `returning` gives column names, not fields).
    const ids = chunk.map((update) => update.id);
    updated.push(
      ...(await tx
        .select()
        .from(transactions)
        .where(and(eq(transactions.organizationId, orgId), inArray(transactions.id, ids)))),
    );
  }
  const byId = new Map(updated.map((row) => [row.id, row]));
  return rows.map((row) => {
    const next = byId.get(row.id);
    if (!next) throw new Error(`transaction ${row.id} vanished during its analysis`);
    return next;
  });
}
