#!/usr/bin/env node
// camt.053 import benchmark (issue 7 "Measure"): a generated statement with 100,000 outgoing
// (DBIT) bookings — distinct IBANs, amounts and dates, about 20 % of them to IBANs of the demo
// counterparties — is uploaded as trusted transaction history to a fresh Kontor with demo data,
// the way the browser does it, and polled until the job is done. Printed: time upload → done,
// entries per second and the server process's memory (RSS sampled every 50 ms, and its lifetime
// peak VmHWM; the embedded PostgreSQL runs in processes of its own and is not counted). Side by
// side: PostgreSQL COPY (pg-copy-streams) of the same 100,000 rows into a temporary table shaped
// like payment_history — the floor any import through SQL can reach. Figures only, no assertions.
import { createHash } from 'node:crypto';
import { openAsBlob, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pollUntil, printRows, round, sampleRss, startSignedInKontor, writeResults } from './bench-support.mjs';
import { booking, demoOrganizationIbans, writeStatement } from './camt-statement.mjs';

const ENTRIES = Number(process.env.BENCH_CAMT_ENTRIES ?? 100_000);
/** The same rows as COPY text (tab-separated), as the import would store them. */
async function* copyRows(orgId, knownIbans) {
  for (let start = 0; start < ENTRIES; start += 1000) {
    let text = '';
    for (let index = start; index < Math.min(ENTRIES, start + 1000); index += 1) {
      const entry = booking(index, knownIbans);
      const key = createHash('sha256').update(`${entry.reference}|${entry.iban}|${entry.cents}`).digest('base64url');
      text += `${orgId}\t${key}\tcamt053\t${entry.iban}\t${entry.name}\t${entry.cents}\tEUR\t${entry.day}\t${entry.remittance}\t${entry.endToEndId}\n`;
    }
    yield text;
  }
}

const kontor = await startSignedInKontor('kontor-bench-camt-');
const statementFile = path.join(kontor.dataDir, 'statement-100k.xml');
const database = new pg.Client({ connectionString: `postgres://postgres:kontor-local@127.0.0.1:${kontor.pgPort}/postgres` });
try {
  await database.connect();
  const { baseUrl, headers } = kontor;
  const { orgId, knownIbans } = await demoOrganizationIbans(database);

  const generationStarted = performance.now();
  await writeStatement(statementFile, ENTRIES, knownIbans);
  const generationSeconds = (performance.now() - generationStarted) / 1000;
  const fileBytes = statSync(statementFile).size;

  const memory = sampleRss(kontor.serverPids);
  const started = performance.now();
  const form = new FormData();
  form.append('kind', 'trusted_history');
  // openAsBlob reads the file as fetch sends it: the benchmark does not hold 60 MB either.
  form.append('file', await openAsBlob(statementFile, { type: 'application/xml' }), 'statement-100k.xml');
  const uploadResponse = await fetch(`${baseUrl}/api/bank-file-imports`, { method: 'POST', headers, body: form });
  if (uploadResponse.status !== 201) throw new Error(`upload answered ${uploadResponse.status}: ${await uploadResponse.text()}`);
  const upload = await uploadResponse.json();
  const uploadedAt = performance.now();

  let progressSamples = 0;
  const status = await pollUntil(`${baseUrl}/api/bank-file-imports/${upload.id}`, headers, {
    isDone: (body) => body.status === 'completed' || body.status === 'failed',
    intervalMs: 250,
    onPoll: (body) => {
      if (body.progress > 0 && body.progress < 1) progressSamples += 1;
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const { before, after, peakRss } = memory.stop();
  const { rows: historyRows } = await database.query(
    `select count(*)::int as rows, count(counterparty_id)::int as with_counterparty from payment_history where import_id = $1`,
    [upload.id],
  );

  // The floor: the same rows through COPY into a table shaped like payment_history (with its unique key).
  await database.query('create temporary table payment_history_copy (like payment_history including all)');
  const copyStarted = performance.now();
  await pipeline(
    Readable.from(copyRows(orgId, knownIbans)),
    database.query(
      copyFrom(
        'copy payment_history_copy (organization_id, entry_key, source, creditor_iban, creditor_name, amount, currency, paid_on, remittance_information, end_to_end_id) from stdin',
      ),
    ),
  );
  const copySeconds = (performance.now() - copyStarted) / 1000;

  const results = {
    entries: ENTRIES,
    fileMb: round(fileBytes / 1024 / 1024, 1),
    knownIbans: knownIbans.length,
    generationSeconds: round(generationSeconds, 2),
    status: status.status,
    failureCode: status.failureCode,
    created: status.createdCount,
    skipped: status.skippedCount,
    historyRows: historyRows[0].rows,
    historyRowsWithCounterparty: historyRows[0].with_counterparty,
    progressPollsBetween0And1: progressSamples,
    uploadSeconds: round((uploadedAt - started) / 1000, 2),
    totalSeconds: round(seconds, 2),
    entriesPerSecond: Math.round(ENTRIES / seconds),
    serverRssBeforeMb: round(before.rss),
    serverRssPeakDuringImportMb: round(peakRss),
    serverVmHwmMb: round(after.hwm),
    copySeconds: round(copySeconds, 2),
    copyRowsPerSecond: Math.round(ENTRIES / copySeconds),
    cpus: os.cpus().length,
  };
  const lines = [
    [
      'statement',
      `${ENTRIES.toLocaleString('en')} DBIT entries, ${results.fileMb} MB (generated in ${results.generationSeconds} s)`,
    ],
    [
      'created · skipped',
      `${results.created} · ${results.skipped} (${results.status}${results.failureCode ? ` ${results.failureCode}` : ''})`,
    ],
    ['history rows (with counterparty)', `${results.historyRows} (${results.historyRowsWithCounterparty})`],
    ['upload (streamed to storage)', `${results.uploadSeconds} s`],
    ['total, upload → done', `${results.totalSeconds} s`],
    ['entries per second', String(results.entriesPerSecond)],
    ['server RSS before → peak during import', `${results.serverRssBeforeMb} MB → ${results.serverRssPeakDuringImportMb} MB`],
    ['server VmHWM (lifetime peak)', `${results.serverVmHwmMb} MB`],
    ['PostgreSQL COPY of the same rows', `${results.copySeconds} s (${results.copyRowsPerSecond} rows/s)`],
  ];
  printRows(`camt.053 import as trusted history (${results.cpus} CPUs)`, lines, 42);
  writeResults('bank-file-import', results);
  if (status.status !== 'completed') process.exitCode = 1;
} finally {
  await database.end().catch(() => {});
  await kontor.close();
}
