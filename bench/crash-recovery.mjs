#!/usr/bin/env node
// Crash recovery (issue 70 "Measure"), on a fresh Kontor with demo data and two api processes:
//  1. a camt.053 import of 50,000 entries: the jobs process is killed (SIGKILL) mid-import; time
//     from the kill until the import is done, and whether every entry was stored exactly once;
//  2. scanned invoices (PNG, OCR takes seconds each) uploaded at once: the jobs process is killed
//     while it reads one; time from the kill until that one is read, and until all are;
//  3. the embedded PostgreSQL paused (SIGSTOP on all its processes): time from the pause to the
//     first 503 of an invoice-list request and of /api/health, and, once it runs again (SIGCONT),
//     until the list answers 200.
// Targets: 1 and 2 under 60 s, the first 503 under 5 s. Figures only, no assertions.
import { openAsBlob, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import pg from 'pg';
import { printRows, round, startSignedInKontor, writeResults } from './bench-support.mjs';
import { demoOrganizationIbans, writeStatement } from './camt-statement.mjs';

const ENTRIES = Number(process.env.BENCH_CAMT_ENTRIES ?? 50_000);
const SCANS = 4;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every `intervalMs` until it answers something other than undefined. */
async function until(what, probe, { intervalMs = 100, timeoutMs = 180_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/** A scanned invoice: A4 at 150 dpi, black text on white, as a phone or a copier would send it. */
async function scannedInvoicePng(index) {
  const canvas = createCanvas(1240, 1754);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, 1240, 1754);
  context.fillStyle = '#000';
  context.font = '28px sans-serif';
  const lines = [
    `Muster Lieferant ${index} GmbH`,
    'Hauptstraße 1, 10115 Berlin',
    'USt-IdNr. DE123456789',
    '',
    `Rechnung Nr. RE-2026-${1000 + index}`,
    'Rechnungsdatum: 01.12.2026',
    'Fällig am: 31.12.2026',
    '',
    'Beratungsleistung November 2026        1.000,00 EUR',
    'Umsatzsteuer 19 %                        190,00 EUR',
    'Gesamtbetrag                           1.190,00 EUR',
    '',
    'IBAN DE89 3704 0044 0532 0130 00',
  ];
  lines.forEach((line, row) => context.fillText(line, 120, 200 + row * 48));
  return canvas.encode('png');
}

/** The process that runs the jobs: the one with the freshest beat in job_workers. */
async function jobsProcessId(database) {
  const { rows } = await database.query(
    `select pid from job_workers where beat_at > now() - interval '10 seconds' order by beat_at desc limit 1`,
  );
  return rows[0]?.pid;
}

/** Kills the jobs process (SIGKILL) once `isMidWork` says so; answers when. */
async function killJobsProcessWhen(database, isMidWork) {
  const pid = await until(
    'work in flight',
    async () => {
      const candidate = await jobsProcessId(database);
      return candidate && (await isMidWork()) ? candidate : undefined;
    },
    { intervalMs: 50 },
  );
  process.kill(pid, 'SIGKILL');
  return performance.now();
}

/** The embedded PostgreSQL's processes: the postmaster (postmaster.pid) and its children. */
function postgresProcesses(dataDir) {
  const postmaster = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      return Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]) === postmaster;
    } catch {
      return false;
    }
  });
  return [postmaster, ...children.map(Number)];
}

/** Time from `startedAt` until a GET answers, with its status. */
async function timedGet(url, headers, startedAt) {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(120_000) });
  await response.arrayBuffer();
  return { status: response.status, seconds: round((performance.now() - startedAt) / 1000, 2) };
}

// Two api processes, as on these 2 cores by default: the first runs the jobs, the primary restarts it.
process.env.KONTOR_API_PROCESSES = '2';
const kontor = await startSignedInKontor('kontor-bench-crash-');
const database = new pg.Client({ connectionString: `postgres://postgres:kontor-local@127.0.0.1:${kontor.pgPort}/postgres` });
const results = { cpus: os.cpus().length };
let paused = [];
try {
  await database.connect();
  const { baseUrl, headers } = kontor;

  // 1. The import, killed mid-way.
  const { knownIbans } = await demoOrganizationIbans(database);
  const statementFile = path.join(kontor.dataDir, 'statement.xml');
  await writeStatement(statementFile, ENTRIES, knownIbans);
  const form = new FormData();
  form.append('kind', 'trusted_history');
  form.append('file', await openAsBlob(statementFile, { type: 'application/xml' }), 'statement.xml');
  const uploadResponse = await fetch(`${baseUrl}/api/bank-file-imports`, { method: 'POST', headers, body: form });
  if (uploadResponse.status !== 201) throw new Error(`upload answered ${uploadResponse.status}: ${await uploadResponse.text()}`);
  const upload = await uploadResponse.json();
  const importStatus = async () => (await fetch(`${baseUrl}/api/bank-file-imports/${upload.id}`, { headers })).json();
  let progressAtKill = 0;
  const importKilledAt = await killJobsProcessWhen(database, async () => {
    const status = await importStatus().catch(() => undefined);
    progressAtKill = status?.progress ?? 0;
    return progressAtKill >= 0.2 && status.status === 'running';
  });
  const imported = await until('the import', async () => {
    const status = await importStatus().catch(() => undefined);
    return status && (status.status === 'completed' || status.status === 'failed') ? status : undefined;
  });
  const importSeconds = (performance.now() - importKilledAt) / 1000;
  const { rows: historyRows } = await database.query(
    `select count(*)::int as rows, count(distinct entry_key)::int as keys from payment_history where import_id = $1`,
    [upload.id],
  );
  results.import = {
    entries: ENTRIES,
    progressAtKill: round(progressAtKill, 2),
    status: imported.status,
    created: imported.createdCount,
    skipped: imported.skippedCount,
    historyRows: historyRows[0].rows,
    distinctEntries: historyRows[0].keys,
    secondsFromKillToDone: round(importSeconds, 1),
    targetSeconds: 60,
  };

  // 2. Readings, killed mid-way.
  const invoiceForm = new FormData();
  for (let index = 0; index < SCANS; index += 1) {
    invoiceForm.append('files', new Blob([await scannedInvoicePng(index)], { type: 'image/png' }), `scan-${index}.png`);
  }
  const invoiceUpload = await fetch(`${baseUrl}/api/invoices/upload`, { method: 'POST', headers, body: invoiceForm });
  if (!invoiceUpload.ok) throw new Error(`invoice upload answered ${invoiceUpload.status}: ${await invoiceUpload.text()}`);
  const invoiceIds = (await invoiceUpload.json()).items.map((item) => item.id);
  const beingRead = async (ids) =>
    (
      await database.query(`select id, ocr_status from invoices where id = any($1) and ocr_status in ('pending', 'processing')`, [
        ids,
      ])
    ).rows;
  let inFlight = [];
  const readingKilledAt = await killJobsProcessWhen(database, async () => {
    inFlight = (await beingRead(invoiceIds)).filter((row) => row.ocr_status === 'processing').map((row) => row.id);
    return inFlight.length > 0;
  });
  await until('the interrupted reading', async () => ((await beingRead(inFlight)).length === 0 ? true : undefined));
  const interruptedSeconds = (performance.now() - readingKilledAt) / 1000;
  await until('every reading', async () => ((await beingRead(invoiceIds)).length === 0 ? true : undefined));
  const { rows: readRows } = await database.query(
    `select ocr_status as status, count(*)::int as n from invoices where id = any($1) group by 1 order by 1`,
    [invoiceIds],
  );
  results.reading = {
    scans: invoiceIds.length,
    readingAtKill: inFlight.length,
    outcome: Object.fromEntries(readRows.map((row) => [row.status, row.n])),
    secondsFromKillToInterruptedRead: round(interruptedSeconds, 1),
    secondsFromKillToAllRead: round((performance.now() - readingKilledAt) / 1000, 1),
    targetSeconds: 60,
  };

  // 3. The database paused, then running again.
  const list = `${baseUrl}/api/invoices?tab=new`;
  if ((await fetch(list, { headers })).status !== 200) throw new Error('the list did not answer before the pause');
  paused = postgresProcesses(kontor.dataDir);
  for (const pid of paused) process.kill(pid, 'SIGSTOP');
  const pausedAt = performance.now();
  const [first, health] = await Promise.all([timedGet(list, headers, pausedAt), timedGet(`${baseUrl}/api/health`, {}, pausedAt)]);
  const following = await timedGet(list, headers, performance.now());
  await sleep(2_000);
  for (const pid of paused) process.kill(pid, 'SIGCONT');
  paused = [];
  const resumedAt = performance.now();
  await until('the list after the pause', async () => ((await fetch(list, { headers })).status === 200 ? true : undefined));
  results.pause = {
    firstListStatus: first.status,
    secondsToFirstAnswer: first.seconds,
    healthStatus: health.status,
    healthSeconds: health.seconds,
    followingListStatus: following.status,
    followingListSeconds: following.seconds,
    secondsFromResumeToServed: round((performance.now() - resumedAt) / 1000, 2),
    targetSeconds: 5,
  };

  const { import: i, reading: r, pause: p } = results;
  printRows(
    `Crash recovery (${results.cpus} CPUs, 2 api processes)`,
    [
      [
        'import killed at',
        `${Math.round(i.progressAtKill * 100)} % of ${ENTRIES.toLocaleString('en')} entries → ${i.status} ${i.secondsFromKillToDone} s after the kill (target < 60 s)`,
      ],
      ['  entries stored · distinct', `${i.historyRows} · ${i.distinctEntries} (created ${i.created}, skipped ${i.skipped})`],
      [
        'reading killed mid-scan',
        `the scan read ${r.secondsFromKillToInterruptedRead} s after the kill (target < 60 s); all ${r.scans} after ${r.secondsFromKillToAllRead} s`,
      ],
      ['  outcome', JSON.stringify(r.outcome)],
      ['database paused: first list answer', `${p.firstListStatus} after ${p.secondsToFirstAnswer} s (target < 5 s)`],
      ['  /api/health', `${p.healthStatus} after ${p.healthSeconds} s`],
      ['  the next list request', `${p.followingListStatus} after ${p.followingListSeconds} s`],
      ['database running again → list served', `${p.secondsFromResumeToServed} s`],
    ],
    38,
  );
  writeResults('crash-recovery', results);
} finally {
  for (const pid of paused) process.kill(pid, 'SIGCONT');
  await database.end().catch(() => {});
  await kontor.close();
}
