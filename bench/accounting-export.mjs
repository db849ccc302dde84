#!/usr/bin/env node
// `npm run bench:accounting-export` (issue 41, "Measure"): a DATEV export (bookings only) of
// 100,000 approved invoices, one booking each, and a complete DATEV zip of 1,000 invoices with
// their PDFs, against a fresh Kontor whose demo organisation gets the rows straight into the
// database (counterparties with AP numbers, a G/L account, a tax key DATEV knows). Each export runs
// as the user starts it: POST /api/exports, the download job in the worker, polled until completed.
// Prints the pre-export check's time, rows per second, time to the first byte of the file (from
// the runner's log line), file size and the server processes' peak RSS (sampled every 50 ms).
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pollUntil, printRows, round, sampleRss, startSignedInKontor, writeResults } from './bench-support.mjs';

const BOOKINGS = Number(process.env.BENCH_ACCOUNTING_BOOKINGS ?? 100_000);
const ZIP_INVOICES = Number(process.env.BENCH_ACCOUNTING_ZIP_INVOICES ?? 1_000);
const COUNTERPARTIES = 2_000;
const PDF = path.resolve(
  import.meta.dirname,
  '../../shared/fixtures/einvoice/zugferd-corpus/ZUGFeRDv1/correct/Intarsys/ZUGFeRD_1p0_BASIC_Einfach.pdf',
);

/** The runner logs each export's first-byte time; the bench reads it from the server's output. */
const firstByteByJob = new Map();
let pending = '';
function readLog(chunk) {
  pending += chunk;
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  for (const line of lines) {
    if (!line.includes('accounting export written')) continue;
    try {
      const entry = JSON.parse(line);
      firstByteByJob.set(entry.jobId, entry.firstByteMs);
    } catch {
      // not a JSON log line
    }
  }
}

async function withClient(pgPort, work) {
  const client = new pg.Client({ connectionString: `postgres://postgres:kontor-local@127.0.0.1:${pgPort}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** What every booking needs: AP numbers 80001…, the G/L account 3400, the tax key with BU 9. */
async function seedMasterData(client, orgId) {
  await client.query(
    `insert into counterparties (organization_id, name, accounts_payable_number, city, country)
     select $1, 'Lieferant ' || lpad(g::text, 4, '0') || ' GmbH', (80000 + g)::text, 'München', 'DE'
     from generate_series(1, $2::int) g`,
    [orgId, COUNTERPARTIES],
  );
  const ledger = await client.query(
    `insert into ledger_accounts (organization_id, code, name) values ($1, '3400', 'Wareneingang 19 %')
     on conflict (organization_id, code) do update set name = excluded.name returning id`,
    [orgId],
  );
  const taxKey = await client.query(
    `insert into tax_keys (organization_id, name, type, rate, external_code) values ($1, 'VSt19 Bench', 'PURCHASE', 1900, '9') returning id`,
    [orgId],
  );
  return { ledgerId: ledger.rows[0].id, taxKeyId: taxKey.rows[0].id };
}

/** `count` approved invoices numbered from `from`, each booked on one supplier, 3400 and BU 9. */
async function seedApprovedInvoices(client, orgId, master, from, count) {
  const { rows } = await client.query(
    `insert into invoices (organization_id, status, ocr_status, type, counterparty_id, counterparty_name, invoice_number,
       date, due_date, net_amount, tax_amount, total_amount, currency, tax_rate, ledger_account_id, tax_key_id)
     select $1, 'approved', 'done', 'invoice', c.id, c.name, 'RE-2026-' || lpad(g::text, 6, '0'),
       date '2026-01-01' + (g % 300), date '2026-02-01' + (g % 300),
       10000 + g % 90000, (10000 + g % 90000) * 19 / 100, (10000 + g % 90000) * 119 / 100, 'EUR', 1900, $4, $5
     from generate_series($2::int, $2::int + $3::int - 1) g
     join counterparties c on c.organization_id = $1 and c.accounts_payable_number = (80001 + g % ${COUNTERPARTIES})::text
     returning id`,
    [orgId, from, count, master.ledgerId, master.taxKeyId],
  );
  return rows.map((row) => row.id);
}

/** A real PDF per invoice, written where local storage keeps files (with its metadata beside it). */
async function attachPdfs(client, orgId, dataDir, invoiceIds) {
  const bytes = readFileSync(PDF);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const dir = path.join(dataDir, 'files', 'bench-documents');
  mkdirSync(dir, { recursive: true });
  for (const [index, id] of invoiceIds.entries()) {
    const file = path.join(dir, `${id}.pdf`);
    copyFileSync(PDF, file);
    writeFileSync(`${file}.meta.json`, JSON.stringify({ contentType: 'application/pdf', size: bytes.length }));
    if (index % 500 === 0) await Promise.resolve();
  }
  await client.query(
    `insert into invoice_files (organization_id, invoice_id, kind, storage_key, file_name, content_type, size, sha256)
     select $1, id, 'document', 'bench-documents/' || id || '.pdf', 'Rechnung-' || invoice_number || '.pdf', 'application/pdf', $2, $3
       from invoices where id = any($4::uuid[])`,
    [orgId, bytes.length, sha256, invoiceIds],
  );
  return bytes.length;
}

async function api(kontor, method, url, body) {
  const response = await fetch(`${kontor.baseUrl}/api${url}`, {
    method,
    headers: { ...kontor.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** The check, then the export as the dialog starts it, followed until its file is there. */
async function measureExport(kontor, type) {
  const body = { selection: { kind: 'ready' }, format: 'datev', exportAgain: false, exchangeRates: {} };
  const checkStarted = performance.now();
  const check = await api(kontor, 'POST', '/exports/check', body);
  const checkMs = Math.round(performance.now() - checkStarted);
  if (check.exportable !== check.total)
    throw new Error(`the check found problems: ${JSON.stringify(check.problems.slice(0, 3))}`);

  const memory = sampleRss(kontor.serverPids);
  const started = performance.now();
  const job = await api(kontor, 'POST', '/exports', { ...body, type });
  // The 202 comes once the invoices are claimed for the job (one update of each invoice row).
  const startMs = Math.round(performance.now() - started);
  // When the last item was written: what follows is the one transaction that completes the job.
  let writtenSeconds = null;
  const done = await pollUntil(`${kontor.baseUrl}/api/exports/${job.id}`, kontor.headers, {
    isDone: (answer) => answer.status !== 'processing',
    intervalMs: 100,
    onPoll: (answer) => {
      if (writtenSeconds === null && answer.doneCount >= answer.itemCount - 1)
        writtenSeconds = (performance.now() - started) / 1000;
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const { before, peakRss } = memory.stop();
  if (done.status !== 'completed') throw new Error(`the export ended ${done.status}: ${done.failureCode}`);
  return {
    invoices: done.itemCount,
    bookings: done.bookingCount,
    checkMs,
    startMs,
    seconds: round(seconds, 2),
    writtenSeconds: writtenSeconds === null ? null : round(writtenSeconds, 2),
    bookingsPerSecond: Math.round(done.bookingCount / seconds),
    firstByteMs: firstByteByJob.get(job.id) ?? null,
    fileMb: round((done.fileSize ?? 0) / 1024 / 1024, 2),
    megabytesPerSecond: round((done.fileSize ?? 0) / 1024 / 1024 / seconds, 1),
    serverRssBeforeMb: round(before.rss),
    serverRssPeakMb: round(peakRss),
  };
}

const kontor = await startSignedInKontor('kontor-bench-accounting-', { logLevel: 'info', onOutput: readLog });
try {
  const seedStarted = performance.now();
  const { orgId, master } = await withClient(kontor.pgPort, async (client) => {
    const orgId = (await client.query(`select id from organizations where slug = 'demo'`)).rows[0].id;
    const master = await seedMasterData(client, orgId);
    await seedApprovedInvoices(client, orgId, master, 1, BOOKINGS);
    await client.query('analyze invoices, counterparties');
    return { orgId, master };
  });
  const seedSeconds = round((performance.now() - seedStarted) / 1000, 1);
  const settings = await api(kontor, 'GET', '/export-settings');
  await api(kontor, 'PUT', '/export-settings', { ...settings, datevConsultantNumber: 29098, datevClientNumber: 55003 });

  const datev = await measureExport(kontor, 'csv');

  const pdfBytes = await withClient(kontor.pgPort, async (client) => {
    const ids = await seedApprovedInvoices(client, orgId, master, BOOKINGS + 1, ZIP_INVOICES);
    const size = await attachPdfs(client, orgId, kontor.dataDir, ids);
    await client.query('analyze invoices, invoice_files');
    return size;
  });
  const complete = await measureExport(kontor, 'complete');

  const results = { seedSeconds, datev, complete, pdfKb: round(pdfBytes / 1024), cpus: os.cpus().length, rssTargetMb: 300 };
  const line = (result) =>
    `${result.seconds} s (${result.bookingsPerSecond} bookings/s; written after ${result.writtenSeconds ?? '?'} s), ` +
    `first byte after ${result.firstByteMs ?? '?'} ms, ` +
    `${result.fileMb} MB (${result.megabytesPerSecond} MB/s), server RSS ${result.serverRssBeforeMb} → ${result.serverRssPeakMb} MB`;
  printRows(
    `Accounting export (DATEV, ${results.cpus} CPUs)`,
    [
      [`check of ${datev.invoices.toLocaleString('en')} invoices`, `${datev.checkMs} ms`],
      [`start (202, invoices claimed)`, `${datev.startMs} ms`],
      [`bookings only (${datev.bookings.toLocaleString('en')})`, line(datev)],
      [`check of ${complete.invoices.toLocaleString('en')} invoices`, `${complete.checkMs} ms`],
      [`complete zip (${complete.invoices.toLocaleString('en')} PDFs, ${results.pdfKb} KB each)`, line(complete)],
      ['peak RSS target', `≤ ${results.rssTargetMb} MB`],
    ],
    44,
  );
  writeResults('accounting-export', results);
} finally {
  await kontor.close();
}
