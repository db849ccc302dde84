import {
  MAX_LISTED_EXPORT_PROBLEMS,
  type ExportCheck,
  type ExportProblem,
  type ExportProblemCode,
  type ExportSelection,
  type ExportType,
} from '@kontor/domain';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../plugins/foundation-types';
import type { OrgContext } from '../../plugins/session';
import { DocumentCheck, hasDocuments } from './document-check';
import { checkInvoice, checkPayment, checkSettings, hasError, type CheckContext } from './export-check';
import { readExportPayments } from './export-payments';
import { linesOf, readExportInvoices } from './export-rows';
import { findRunState, resolveSelection, type ResolvedSelection } from './selection';

/** The check's answer plus what creating the export needs: the ids that pass, in file order. */
export interface CheckOutcome {
  check: ExportCheck;
  resolved: ResolvedSelection;
  exportableIds: string[];
  errorCount: number;
  /** The zip would be larger than the limit: nothing can be exported as chosen (issue 58). */
  tooLarge: ExportProblem | null;
}

/** Where the documents are, and how large a zip may become: for the checks of export types with documents. */
export interface DocumentStore {
  storage: FileStorage;
  zipMaxBytes: number;
}

class ProblemCollector {
  readonly listed: ExportProblem[] = [];
  readonly counts: Partial<Record<ExportProblemCode, number>> = {};
  isComplete = true;

  add(problems: readonly ExportProblem[]): void {
    for (const entry of problems) {
      this.counts[entry.code] = (this.counts[entry.code] ?? 0) + 1;
      if (this.listed.length < MAX_LISTED_EXPORT_PROBLEMS) this.listed.push(entry);
      else this.isComplete = false;
    }
  }
}

/**
 * The pre-export check over a whole selection (issue 41 item 4), batch by batch so that 100,000
 * invoices are never in memory at once; only the ids that pass are kept for the export.
 */
export async function runExportCheck(
  tx: Tx,
  org: OrgContext,
  selection: ExportSelection,
  context: CheckContext & { type?: ExportType | undefined },
  store: DocumentStore,
): Promise<CheckOutcome> {
  const resolved = await resolveSelection(tx, org, selection);
  // A payment run is claimed and booked whole: a missing document leaves only the document out there.
  const documents =
    resolved.source === 'invoices' && hasDocuments(context.type)
      ? new DocumentCheck(store.storage, context.type, store.zipMaxBytes)
      : null;
  const collector = new ProblemCollector();
  const settingsProblems = checkSettings(context.format, context.settings);
  collector.add(settingsProblems);
  if (resolved.paymentRunId) {
    const run = await findRunState(tx, org.orgId, resolved.paymentRunId);
    if (run?.exporting_job_id) collector.add([runProblem('being_exported', {})]);
    else if (run?.last_accounting_export_id && !context.exportAgain) collector.add([runProblem('already_exported', {})]);
  }
  const blockedAll = hasError(collector.listed);
  const exportableIds: string[] = [];
  const currencies = new Set<string>();
  let total = 0;
  let bookings = 0;
  let errorCount = 0;
  for await (const ids of resolved.batches()) {
    if (resolved.source === 'invoices') {
      const rows = await readExportInvoices(tx, org.orgId, ids);
      // An id the organisation does not have (another organisation's, or deleted) is a 404, as elsewhere.
      if (selection.kind === 'invoices' && rows.length < ids.length) throw new AppError('invoice_not_found');
      const files = documents ? await documents.inspect(tx, org.orgId, rows) : null;
      for (const row of rows) {
        total += 1;
        if (row.currency && row.currency !== 'EUR') currencies.add(row.currency);
        const inStorage = files?.get(row.id);
        const problems = [...checkInvoice(row, context), ...(inStorage?.problem ? [inStorage.problem] : [])];
        collector.add(problems);
        if (hasError(problems) || blockedAll) errorCount += 1;
        else {
          exportableIds.push(row.id);
          if (inStorage) documents?.count(inStorage.files);
          bookings += linesOf(row).length;
        }
      }
    } else {
      for (const row of await readExportPayments(tx, org.orgId, ids)) {
        total += 1;
        if (row.currency !== 'EUR') currencies.add(row.currency);
        const problems = checkPayment(row, context);
        collector.add(problems);
        if (hasError(problems) || blockedAll) errorCount += 1;
        else {
          exportableIds.push(row.id);
          bookings += 1;
        }
      }
    }
  }
  const tooLarge = documents?.tooLarge(bookings) ?? null;
  if (tooLarge) {
    // First, and even past the listed maximum: it concerns the whole export, not one invoice.
    collector.counts.export_too_large = 1;
    collector.listed.unshift(tooLarge);
  }
  return {
    resolved,
    exportableIds,
    errorCount,
    tooLarge,
    check: {
      total,
      exportable: exportableIds.length,
      bookings,
      problems: collector.listed,
      problemCounts: collector.counts,
      isComplete: collector.isComplete,
      currencies: [...currencies].sort(),
    },
  };
}

function runProblem(code: ExportProblemCode, params: ExportProblem['params']): ExportProblem {
  return { invoiceId: null, invoiceNumber: null, counterpartyName: null, code, severity: 'error', params };
}
