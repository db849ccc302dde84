#!/usr/bin/env node
// `npm run bench:import` (issue 6): imports 20,000 counterparties from a generated CSV through the
// API as the browser does it (upload, start with the suggested mapping, poll until done) against
// a fresh Kontor with demo data, and prints the time from upload to done, rows per second and the
// server process's memory (RSS sampled every 50 ms during the import, and its lifetime peak
// VmHWM). The embedded PostgreSQL runs in processes of its own and is not counted.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startKontor } from './kontor-process.mjs';
import { signInOverHttp } from './sign-in.mjs';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000);
const root = path.resolve(import.meta.dirname, '..');

/** Valid German IBANs: bank code and account number vary, the check digits are computed (ISO 7064 mod 97-10). */
function germanIban(index) {
  const bban = `${String(10_000_000 + (index % 89_999_999)).padStart(8, '0')}${String(index).padStart(10, '0')}`;
  const numeric = `${bban}131400`; // "DE00" moved to the end, D=13 E=14
  let remainder = 0;
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  return `DE${String(98 - remainder).padStart(2, '0')}${bban}`;
}

/** A German Excel export: semicolons, German headers, decimal commas, every column the import knows. */
function generateCsv(rows) {
  const lines = ['Firma;Straße;PLZ;Ort;Land;E-Mail;IBAN;BIC;Kontobezeichnung;Zahlungsziel;Skontotage;Skonto %;Beschreibung'];
  const cities = ['Berlin', 'Hamburg', 'München', 'Köln', 'Frankfurt am Main', 'Stuttgart', 'Düsseldorf', 'Leipzig'];
  for (let index = 1; index <= rows; index += 1) {
    lines.push(
      [
        `Lieferant ${String(index).padStart(5, '0')} GmbH & Co. KG`,
        `Hauptstraße ${index % 200}`,
        String(10_000 + (index % 89_999)),
        cities[index % cities.length],
        index % 5 === 0 ? 'Österreich' : 'Deutschland',
        `rechnung${index}@lieferant.example`,
        germanIban(index),
        'COBADEFFXXX',
        'Hauptkonto',
        String(14 + (index % 4) * 7),
        '10',
        '2,5',
        'Importiert aus der Buchhaltung',
      ].join(';'),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Resident and peak-resident memory of a process in MB (Linux). */
function memoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

const port = await freePort();
const pgPort = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-import-'));
const kontor = await startKontor({ dataDir, port, pgPort });
if (!kontor.serverPid) throw new Error('server process not found');
try {
  const baseUrl = `http://localhost:${port}`;
  const cookie = await signInOverHttp(baseUrl, 'admin@demo.kontor.test', 'kontor-demo');
  const headers = { cookie, origin: baseUrl, 'accept-language': 'en' };
  const csv = Buffer.from(generateCsv(ROWS), 'utf8');
  const before = memoryMb(kontor.serverPid);

  let peakRss = before.rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, memoryMb(kontor.serverPid).rss);
  }, 50);
  const started = performance.now();

  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'lieferanten-20000.csv');
  const uploadResponse = await fetch(`${baseUrl}/api/counterparties/imports`, { method: 'POST', headers, body: form });
  if (uploadResponse.status !== 201) throw new Error(`upload answered ${uploadResponse.status}: ${await uploadResponse.text()}`);
  const upload = await uploadResponse.json();
  const uploadedAt = performance.now();

  const startResponse = await fetch(`${baseUrl}/api/counterparties/imports/${upload.id}/start`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ mapping: upload.suggestedMapping }),
  });
  if (startResponse.status !== 202) throw new Error(`start answered ${startResponse.status}: ${await startResponse.text()}`);

  let status;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/counterparties/imports/${upload.id}?outcome=skipped&limit=5`, { headers });
    status = await response.json();
    if (status.status === 'done' || status.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = memoryMb(kontor.serverPid);
  peakRss = Math.max(peakRss, after.rss);

  const results = {
    rows: ROWS,
    fileMb: round(csv.length / 1024 / 1024, 2),
    status: status.status,
    created: status.createdCount,
    skipped: status.skippedCount,
    uploadAndPreviewSeconds: round((uploadedAt - started) / 1000, 2),
    totalSeconds: round(seconds, 2),
    rowsPerSecond: Math.round(ROWS / seconds),
    serverRssBeforeMb: round(before.rss),
    serverRssPeakDuringImportMb: round(peakRss),
    serverVmHwmMb: round(after.hwm),
    cpus: os.cpus().length,
  };
  const rows = [
    ['rows imported (created · skipped)', `${results.created} · ${results.skipped} of ${ROWS} (${results.fileMb} MB CSV)`],
    ['upload + preview', `${results.uploadAndPreviewSeconds} s`],
    ['total, upload → done', `${results.totalSeconds} s`],
    ['rows per second', String(results.rowsPerSecond)],
    ['server RSS before → peak during import', `${results.serverRssBeforeMb} MB → ${results.serverRssPeakDuringImportMb} MB`],
    ['server VmHWM (lifetime peak)', `${results.serverVmHwmMb} MB`],
  ];
  console.log(`\nCounterparty import (${ROWS.toLocaleString('en')} rows, ${results.cpus} CPUs)`);
  for (const [label, value] of rows) console.log(`  ${label.padEnd(42)} ${value}`);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const file = path.join(root, 'bench/results', `counterparty-import-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2));
  console.log(`  written to ${path.relative(root, file)}`);
  if (status.status !== 'done') process.exitCode = 1;
} finally {
  await kontor.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
