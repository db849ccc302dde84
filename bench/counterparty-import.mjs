#!/usr/bin/env node
// `npm run bench:import` (issue 6): imports 20,000 counterparties from a generated CSV through the
// API as the browser does it (upload, start with the suggested mapping, poll until done) against
// a fresh Kontor with demo data, and prints the time from upload to done, rows per second and the
// server process's memory (RSS sampled every 50 ms during the import, and its lifetime peak
// VmHWM). The embedded PostgreSQL runs in processes of its own and is not counted.
import os from 'node:os';
import { germanIban, pollUntil, printRows, round, sampleRss, startSignedInKontor, writeResults } from './bench-support.mjs';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000);

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

const kontor = await startSignedInKontor('kontor-bench-import-');
try {
  const { baseUrl, headers } = kontor;
  const csv = Buffer.from(generateCsv(ROWS), 'utf8');
  const memory = sampleRss(kontor.serverPids);
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

  const status = await pollUntil(`${baseUrl}/api/counterparties/imports/${upload.id}?outcome=skipped&limit=5`, headers, {
    isDone: (body) => body.status === 'done' || body.status === 'failed',
    intervalMs: 200,
  });
  const seconds = (performance.now() - started) / 1000;
  const { before, after, peakRss } = memory.stop();

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
  printRows(`Counterparty import (${ROWS.toLocaleString('en')} rows, ${results.cpus} CPUs)`, rows, 42);
  writeResults('counterparty-import', results);
  if (status.status !== 'done') process.exitCode = 1;
} finally {
  await kontor.close();
}
