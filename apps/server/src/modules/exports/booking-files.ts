import { sql } from 'drizzle-orm';
import type { ExportSettings } from '@kontor/domain';
import {
  DATEV_MAX_BOOKINGS_PER_FILE,
  writeBmdBookings,
  writeDatevBookings,
  writeKontorCsv,
  writeRzlBookings,
  type AccountingBooking,
  type BookingBatchInfo,
  type KontorCsvRow,
} from '@kontor/formats';
import type { Database, TenantContext } from '../../db/database';
import { fiscalYearStart, invoiceBookings, paymentBooking, type BookingOptions } from './bookings';
import { kontorCsvRowsOf } from './kontor-csv-rows';
import type { DownloadJobRow } from './job-repo';
import type { ItemBatch } from './job-items';

/** One booking file of an export: its name in the zip (or as the download) and its bytes as they are written. */
export interface BookingFile {
  name: string;
  contentType: string;
  bytes: AsyncIterable<Uint8Array>;
}

/** What the files need besides the items: who exports, the settings, and the documents' GUIDs (DATEV complete). */
export interface BookingFileContext {
  job: DownloadJobRow;
  settings: ExportSettings;
  exportedBy: string;
  createdAt: Date;
  labels: { invoices: string; paymentRun: string };
  /** A fresh pass over the job's items (the writers read them batch by batch). */
  items: () => AsyncGenerator<ItemBatch>;
  /** Called with the number of items each batch held, for the job's progress. */
  onItems: (count: number) => void;
  /** Invoice id → its document's entry in the archive, when the export carries the documents. */
  documentNames?: ReadonlyMap<string, string>;
}

interface FiscalYearGroup {
  start: string;
  from: string;
  to: string;
  bookings: number;
}

const stamp = (date: Date) => date.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '_');

/**
 * The fiscal years an export's bookings fall into: DATEV takes one fiscal year per file, and at
 * most 99,999 bookings in it. Counted in the database, so that each file's header (written first)
 * knows its period.
 */
export async function fiscalYearGroups(
  database: Database,
  context: TenantContext,
  job: DownloadJobRow,
  startMonth: number,
): Promise<FiscalYearGroup[]> {
  const offset = `${startMonth - 1} months`;
  const result = await database.withOrg(
    context,
    (tx) =>
      tx.execute<{ [key: string]: unknown; year: number; date_from: string; date_to: string; bookings: bigint }>(
        job.source === 'invoices'
          ? sql`
            select extract(year from i.date - ${offset}::interval)::int as year, min(i.date)::text as date_from,
                   max(i.date)::text as date_to,
                   sum(greatest(1, (select count(*) from invoice_splits s
                                     where s.organization_id = i.organization_id and s.invoice_id = i.id))) as bookings
              from download_job_items x
              join invoices i on i.organization_id = x.organization_id and i.id = x.invoice_id
             where x.organization_id = ${context.orgId} and x.job_id = ${job.id}
             group by 1 order by 1`
          : sql`
            select extract(year from coalesce(t.booking_date, t.requested_execution_date) - ${offset}::interval)::int as year,
                   min(coalesce(t.booking_date, t.requested_execution_date))::text as date_from,
                   max(coalesce(t.booking_date, t.requested_execution_date))::text as date_to, count(*) as bookings
              from download_job_items x
              join transactions t on t.organization_id = x.organization_id and t.id = x.transaction_id
             where x.organization_id = ${context.orgId} and x.job_id = ${job.id}
             group by 1 order by 1`,
      ),
    { readOnly: true, ownConnection: true },
  );
  return result.rows.map((row) => ({
    start: `${row.year}-${String(startMonth).padStart(2, '0')}-01`,
    from: row.date_from,
    to: row.date_to,
    bookings: Number(row.bookings),
  }));
}

/** The bookings of every batch, optionally only those of one fiscal year. */
async function* bookingsOf(
  context: BookingFileContext,
  options: BookingOptions & { guids: boolean },
  fiscalYear: string | null,
): AsyncGenerator<AccountingBooking> {
  for await (const batch of context.items()) {
    const guids = options.guids ? documentGuidsOf(batch) : null;
    const perBatch = { ...options, documentGuids: guids };
    for (const row of batch.invoices) {
      if (fiscalYear !== null && fiscalYearStart(row.date!, context.settings.fiscalYearStartMonth) !== fiscalYear) continue;
      yield* invoiceBookings(row, perBatch);
    }
    for (const row of batch.payments) {
      const date = row.bookingDate ?? row.executionDate;
      if (fiscalYear !== null && fiscalYearStart(date, context.settings.fiscalYearStartMonth) !== fiscalYear) continue;
      yield paymentBooking(row, perBatch);
    }
    context.onItems(batch.size);
  }
}

function documentGuidsOf(batch: ItemBatch): Map<string, string> {
  const guids = new Map<string, string>();
  for (const [invoiceId, files] of batch.files) {
    const document = files.find((file) => file.kind === 'document');
    if (document) guids.set(invoiceId, document.id);
  }
  return guids;
}

/** Splits an iterator into consecutive files of at most `size` items. */
function chunksOf<T>(source: AsyncIterator<T>, size: number): { next: () => Promise<AsyncIterable<T> | null> } {
  let peeked: IteratorResult<T> | null = null;
  return {
    next: async () => {
      peeked ??= await source.next();
      if (peeked.done) return null;
      return (async function* () {
        for (let count = 0; count < size; count += 1) {
          const current: IteratorResult<T> = peeked ?? (await source.next());
          peeked = null;
          if (current.done) {
            peeked = current;
            return;
          }
          yield current.value;
        }
      })();
    },
  };
}

/**
 * The booking files of an export (issue 41 item 2), lazily: each is written while the archive or
 * the storage reads it. DATEV gets a file per fiscal year and per 99,999 bookings; how many files
 * there will be is known before the first is written (a single one goes out without a zip).
 */
export async function planBookingFiles(
  database: Database,
  tenantContext: TenantContext,
  context: BookingFileContext,
): Promise<{ fileCount: number; files: AsyncGenerator<BookingFile> }> {
  const groups = await fiscalYearGroups(
    database,
    tenantContext,
    context.job,
    context.job.format === 'datev' ? context.settings.fiscalYearStartMonth : 1,
  );
  const fileCount =
    context.job.format === 'datev'
      ? groups.reduce((sum, group) => sum + Math.max(1, Math.ceil(group.bookings / DATEV_MAX_BOOKINGS_PER_FILE)), 0)
      : 1;
  return { fileCount, files: bookingFilesOf(context, groups) };
}

async function* bookingFilesOf(context: BookingFileContext, groups: FiscalYearGroup[]): AsyncGenerator<BookingFile> {
  const { job, settings } = context;
  const options: BookingOptions & { guids: boolean } = {
    format: job.format,
    exchangeRates: job.exchangeRates,
    documentGuids: null,
    guids: job.format === 'datev' && job.type === 'complete',
  };
  const label = job.source === 'invoices' ? context.labels.invoices : context.labels.paymentRun;
  const when = stamp(context.createdAt);
  const info = (from: string, to: string): BookingBatchInfo => ({
    createdAt: context.createdAt,
    dateFrom: from,
    dateTo: to,
    label,
    exportedBy: context.exportedBy,
    currency: 'EUR',
  });
  if (job.format === 'datev') {
    for (const group of groups) {
      const chunks = chunksOf(bookingsOf(context, options, group.start)[Symbol.asyncIterator](), DATEV_MAX_BOOKINGS_PER_FILE);
      for (let part = 1; ; part += 1) {
        const bookings = await chunks.next();
        if (!bookings) break;
        const suffix = group.bookings > DATEV_MAX_BOOKINGS_PER_FILE ? `_${part}` : '';
        yield {
          name: `EXTF_Buchungsstapel_${group.start.slice(0, 4)}_${when}${suffix}.csv`,
          contentType: 'text/csv; charset=windows-1252',
          bytes: writeDatevBookings(
            {
              ...info(group.from, group.to),
              consultantNumber: settings.datevConsultantNumber ?? 0,
              clientNumber: settings.datevClientNumber ?? 0,
              fiscalYearStart: group.start,
              accountLength: settings.accountLength,
              lockBookings: settings.datevLockBookings,
              chart: settings.datevChart,
            },
            bookings,
          ),
        };
      }
    }
    return;
  }
  const from = groups[0]?.from ?? context.createdAt.toISOString().slice(0, 10);
  const to = groups.at(-1)?.to ?? from;
  if (job.format === 'bmd') {
    yield {
      name: 'buchungen.csv',
      contentType: 'text/csv; charset=windows-1252',
      bytes: writeBmdBookings(
        { invoiceSymbol: settings.bmdInvoiceSymbol, paymentSymbol: settings.bmdPaymentSymbol },
        bookingsOf(context, options, null),
      ),
    };
  } else if (job.format === 'rzl') {
    yield {
      name: `rzl-buchungen_${when}.xml`,
      contentType: 'application/xml',
      bytes: writeRzlBookings(
        { clientNumber: settings.rzlClientNumber, info: info(from, to) },
        bookingsOf(context, options, null),
      ),
    };
  } else {
    yield {
      name: `${job.locale === 'de' ? 'kontor-rechnungen' : 'kontor-invoices'}_${when}.csv`,
      contentType: 'text/csv; charset=utf-8',
      bytes: writeKontorCsv(job.locale, kontorRows(context)),
    };
  }
}

async function* kontorRows(context: BookingFileContext): AsyncGenerator<KontorCsvRow> {
  for await (const batch of context.items()) {
    yield* kontorCsvRowsOf(batch, context.documentNames ?? null);
    context.onItems(batch.size);
  }
}
