import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { isAccountingFormatError } from '@kontor/formats';
import { asOrgId, type Database, type OrgId, type TenantContext } from '../../db/database';
import { ZipStream, ZipTooLargeError } from '../../lib/zip-stream';
import type { FileStorage } from '../../plugins/foundation-types';
import { planBookingFiles } from './booking-files';
import { completeExport } from './complete-export';
import { newPersonalAccounts, writeArchiveExtras } from './archive-extras';
import { leaveOut, writeDocuments } from './export-documents';
import { readExportSettings } from './export-settings';
import { headerName } from './header-name';
import { EXPORT_TEXTS } from './export-texts';
import { readJobItems } from './job-items';
import { failDownloadJob, findDownloadJobs, recordPendingFile, type DownloadJobRow } from './job-repo';

/** Failures that a second attempt would meet again: the job fails at once with this code. */
export class ExportFailure extends Error {
  constructor(readonly code: string) {
    super(code);
    this.name = 'ExportFailure';
  }
}

/** Progress is written at most this often: a 100,000-invoice export still shows it move. */
const PROGRESS_INTERVAL_MS = 500;

/**
 * The download job of an accounting export (issue 41 item 5): streams the booking file(s) and,
 * by export type, the documents into storage (a zip for anything but a single booking file), then
 * completes the job, marks the invoices exported and logs it, in one transaction. Until then no
 * link exists: a file is never offered half written. A retried job writes the file anew under the
 * same key; a job that ended (completed or failed) is left as it is.
 */
export class ExportRunner {
  constructor(
    private readonly database: Database,
    private readonly storage: FileStorage,
    private readonly log: FastifyBaseLogger,
    private readonly options: { zipMaxBytes: number },
  ) {}

  async run(payload: { orgId: string; importId: string }): Promise<void> {
    const orgId = asOrgId(payload.orgId);
    const system: TenantContext = { orgId, userId: null };
    const [job] = await this.database.withOrg(system, (tx) => findDownloadJobs(tx, orgId, { id: payload.importId, limit: 1 }), {
      readOnly: true,
    });
    if (!job || job.status !== 'processing') return;
    const context: TenantContext = { orgId, userId: job.createdBy };
    const started = Date.now();
    await this.database.withOrg(context, (tx) =>
      tx.execute(
        sql`update download_jobs set started_at = now(), done_count = 0 where organization_id = ${orgId} and id = ${job.id}`,
      ),
    );
    try {
      const written = await this.write(job, context, started);
      const isCompleted = await this.database.withOrg(context, (tx) => completeExport(tx, orgId, job, written));
      // Ended meanwhile (the sweep gave it up): its file is nobody's.
      if (!isCompleted) await this.storage.delete(written.key).catch(() => {});
      this.log.info(
        { jobId: job.id, items: job.itemCount, bytes: written.size, firstByteMs: written.firstByte, ms: Date.now() - started },
        'accounting export written',
      );
    } catch (error) {
      const code =
        error instanceof ExportFailure
          ? error.code
          : error instanceof ZipTooLargeError
            ? 'export_too_large'
            : isAccountingFormatError(error)
              ? 'export_format_refused'
              : null;
      if (code === null) throw error;
      this.log.warn({ err: error, jobId: job.id }, 'accounting export failed');
      await this.markFailed(orgId, job.id, code);
    }
  }

  async markFailed(orgId: OrgId, jobId: string, failureCode: string): Promise<void> {
    const { orphanKey } = await this.database.withOrg({ orgId, userId: null }, (tx) =>
      failDownloadJob(tx, orgId, jobId, failureCode),
    );
    if (orphanKey) await this.storage.delete(orphanKey).catch(() => {});
  }

  /** Notes the key before storing (committed): should the process die before completing, a failed job's file is found and deleted. */
  private notePendingFile(context: TenantContext, jobId: string, key: string): Promise<void> {
    return this.database.withOrg(context, (tx) => recordPendingFile(tx, context.orgId, jobId, key));
  }

  private async write(job: DownloadJobRow, context: TenantContext, started: number) {
    const settings = await this.database.withOrg(context, (tx) => readExportSettings(tx, context.orgId), { readOnly: true });
    const texts = EXPORT_TEXTS[job.locale];
    const needsDocuments = job.type !== 'csv';
    const passes = (job.type === 'documents' ? 0 : 1) + (needsDocuments ? 1 : 0);
    const progress = new ProgressReporter(this.database, context, job, passes);
    const items = (withFiles: boolean) => readJobItems(this.database, context, job.id, { source: job.source, withFiles });
    const fileContext = {
      job,
      settings,
      exportedBy: headerName(job.createdByName || job.createdByEmail || 'Kontor'),
      createdAt: job.createdAt,
      labels: {
        invoices: texts.batchLabel,
        paymentRun: texts.paymentBatchLabel.replace('{{number}}', String(job.paymentRunNumber)),
      },
      items: () => items(job.format === 'datev' && job.type === 'complete'),
      onItems: (count: number) => progress.add(count),
    };
    const stamp = job.createdAt.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
    const format = job.format === 'kontor_csv' ? 'Kontor' : job.format.toUpperCase();

    let firstByte: number | null = null;
    const hash = createHash('sha256');
    const counted = async function* (source: AsyncIterable<Uint8Array>) {
      for await (const chunk of source) {
        firstByte ??= Date.now() - started;
        hash.update(chunk);
        yield chunk;
      }
    };

    // Without documents the booking file is planned at once: it may go out alone.
    let plan = job.type === 'csv' ? await planBookingFiles(this.database, context, fileContext) : null;
    // A single booking file goes out as it is; BMD always as its pair (bookings and personal accounts).
    if (plan && plan.fileCount === 1 && job.format !== 'bmd') {
      const { value: file } = await plan.files.next();
      if (!file) throw new Error('a planned booking file is missing');
      const key = this.keyOf(context.orgId, job.id, file.name);
      await this.notePendingFile(context, job.id, key);
      const { size } = await this.storage.putStream(key, counted(file.bytes), file.contentType);
      await progress.flush();
      return {
        key,
        fileName: file.name,
        size,
        sha256: hash.digest('hex'),
        contentType: file.contentType,
        firstByte,
        newCounterpartyIds: [],
      };
    }

    const fileName = `Kontor-Export-${format}-${stamp}.zip`;
    const key = this.keyOf(context.orgId, job.id, fileName);
    await this.notePendingFile(context, job.id, key);
    const zip = new ZipStream({ maxBytes: this.options.zipMaxBytes });
    const upload = this.storage.putStream(key, counted(zip.read()), 'application/zip');
    upload.catch((error: unknown) => zip.abort(error));
    let personal: Awaited<ReturnType<typeof newPersonalAccounts>>;
    try {
      // Documents first (issue 58): an invoice whose document is gone from storage since the check
      // leaves the job here, before the booking file is planned and written, so it is not booked either.
      const pass = needsDocuments
        ? await writeDocuments(zip, this.storage, job, items(true), (count) => progress.add(count))
        : { indexed: [], leftOut: [], missing: 0 };
      if (pass.missing > 0) {
        this.log.warn({ jobId: job.id, missing: pass.missing, leftOut: pass.leftOut.length }, 'export documents missing');
        // Nothing left to export: failed as before, and the invoices stay ready to export.
        if (pass.leftOut.length === job.itemCount) throw new ExportFailure('export_document_missing');
        await this.database.withOrg(context, (tx) => leaveOut(tx, context.orgId, job, pass));
      }
      personal = await newPersonalAccounts(this.database, context, job);
      const documentNames = new Map(
        pass.indexed.flatMap((entry) => (entry.document ? [[entry.invoiceId, entry.document.name]] : [])),
      );
      plan ??=
        job.type === 'documents' ? null : await planBookingFiles(this.database, context, { ...fileContext, documentNames });
      if (plan) {
        for await (const file of plan.files) await zip.addEntry(file.name, file.bytes, { compress: true });
      }
      await writeArchiveExtras(zip, job, pass.indexed, texts, personal.accounts);
      zip.end();
    } catch (error) {
      zip.abort(error);
      await upload.catch(() => {});
      throw error;
    }
    const { size } = await upload;
    await progress.flush();
    return {
      key,
      fileName,
      size,
      sha256: hash.digest('hex'),
      contentType: 'application/zip',
      firstByte,
      newCounterpartyIds: personal.counterpartyIds,
    };
  }

  private keyOf(orgId: OrgId, jobId: string, fileName: string): string {
    const safe = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
    return `org/${orgId}/exports/${jobId}/${safe}`;
  }
}

/** The job's done count, as items pass each of the export's passes (booking file, documents). */
class ProgressReporter {
  private units = 0;
  private lastWrite = 0;
  private pending: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly context: TenantContext,
    private readonly job: DownloadJobRow,
    private readonly passes: number,
  ) {}

  add(count: number): void {
    this.units += count;
    if (Date.now() - this.lastWrite < PROGRESS_INTERVAL_MS) return;
    this.lastWrite = Date.now();
    this.pending = this.pending.then(() => this.write()).catch(() => {});
  }

  async flush(): Promise<void> {
    await this.pending;
  }

  private async write(): Promise<void> {
    const total = Math.max(1, this.job.itemCount * Math.max(1, this.passes));
    // Never 100 % before the job is completed: the last step (marking the invoices) is still to come.
    const done = Math.min(this.job.itemCount - 1, Math.floor((this.units / total) * this.job.itemCount));
    await this.database.withOrg(this.context, (tx) =>
      tx.execute(sql`
        update download_jobs set done_count = greatest(done_count, ${Math.max(0, done)})
         where organization_id = ${this.context.orgId} and id = ${this.job.id} and status = 'processing'`),
    );
  }
}
