import type { ExportProblem, ExportType } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import type { FileStorage } from '../../plugins/foundation-types';
import { readExportFiles, type ExportFileRow } from './export-rows';

/**
 * The documents' side of the pre-export check (issue 58): a file the zip would hold that is gone
 * from storage keeps its invoice out of the export (named, instead of failing the whole job), and a
 * zip larger than the limit is refused before the job starts (fflate writes no ZIP64).
 */

/**
 * Storage lookups in flight at once. A local stat costs microseconds, an S3 HEAD a round trip:
 * 16 at a time checks a 2,000-invoice batch in about a second on S3 without flooding the bucket
 * or the process's sockets.
 */
export const STAT_CONCURRENCY = 16;

/** Bytes a zip entry takes besides its data: local header, central directory record, the name twice. */
const ENTRY_OVERHEAD = 100 + 2 * 300;
/** Bytes a booking adds to the booking file and the index (a DATEV row is about 300): an upper bound. */
const BOOKING_BYTES = 1024;
const MIB = 1024 * 1024;

export const hasDocuments = (type: ExportType | undefined): type is 'documents' | 'simple' | 'complete' =>
  type === 'documents' || type === 'simple' || type === 'complete';

/** The files of one invoice an export of `type` puts into the zip: its document, and for complete its attachments. */
export function filesInExport(files: readonly ExportFileRow[], type: ExportType): ExportFileRow[] {
  const document = files.find((file) => file.kind === 'document');
  const attachments = type === 'complete' ? files.filter((file) => file.kind === 'attachment') : [];
  return document ? [document, ...attachments] : attachments;
}

/** `work` over every item, at most `limit` at a time, answers in the items' order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface Subject {
  id: string;
  invoiceNumber: string | null;
  counterpartyName: string | null;
}

export class DocumentCheck {
  private bytes = 0;
  private entries = 0;

  constructor(
    private readonly storage: FileStorage,
    private readonly type: 'documents' | 'simple' | 'complete',
    private readonly zipMaxBytes: number,
  ) {}

  /**
   * The files each invoice of a batch puts into the zip and a document_missing problem for those
   * that storage lacks: one query for the batch's file rows, then the lookups, STAT_CONCURRENCY at a time.
   */
  async inspect(tx: Tx, orgId: OrgId, subjects: readonly Subject[]): Promise<Map<string, InvoiceFiles>> {
    const byInvoice = new Map<string, ExportFileRow[]>();
    for (const file of await readExportFiles(
      tx,
      orgId,
      subjects.map((subject) => subject.id),
    )) {
      byInvoice.set(file.invoiceId, [...(byInvoice.get(file.invoiceId) ?? []), file]);
    }
    const wanted = subjects.map((subject) => ({ subject, files: filesInExport(byInvoice.get(subject.id) ?? [], this.type) }));
    const all = wanted.flatMap((entry) => entry.files);
    const found = await mapLimit(all, STAT_CONCURRENCY, (file) => this.storage.stat(file.storageKey));
    const missingKeys = new Set(all.filter((_, index) => found[index] === null).map((file) => file.id));
    const result = new Map<string, InvoiceFiles>();
    for (const { subject, files } of wanted) {
      const missing = files.find((file) => missingKeys.has(file.id));
      result.set(subject.id, { files, problem: missing ? missingProblem(subject, missing) : null });
    }
    return result;
  }

  /** An invoice that will be exported: its files count towards the zip's size. */
  count(files: readonly ExportFileRow[]): void {
    for (const file of files) {
      this.bytes += file.size;
      this.entries += 1;
    }
  }

  /** export_too_large when the zip would pass the limit: the files as invoice_files knows them, plus the booking file and index. */
  tooLarge(bookings: number): ExportProblem | null {
    const bookingBytes = this.type === 'documents' ? 0 : bookings * BOOKING_BYTES;
    const estimate = this.bytes + this.entries * ENTRY_OVERHEAD + bookingBytes;
    if (estimate <= this.zipMaxBytes) return null;
    return {
      invoiceId: null,
      invoiceNumber: null,
      counterpartyName: null,
      code: 'export_too_large',
      severity: 'error',
      params: { sizeMb: Math.ceil(estimate / MIB), limitMb: Math.floor(this.zipMaxBytes / MIB) },
    };
  }
}

export interface InvoiceFiles {
  files: ExportFileRow[];
  problem: ExportProblem | null;
}

function missingProblem(subject: Subject, file: ExportFileRow): ExportProblem {
  return {
    invoiceId: subject.id,
    invoiceNumber: subject.invoiceNumber,
    counterpartyName: subject.counterpartyName,
    code: 'document_missing',
    severity: 'error',
    params: { fileName: file.fileName },
  };
}
