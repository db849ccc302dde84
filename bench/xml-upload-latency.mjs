#!/usr/bin/env node
// `npm run bench:xml-upload` (issue 55, "Measure"): the latency of a light API call (GET
// /api/health, one after another) on an idle Kontor, and while four 19 MB UBL invoices are
// uploaded in parallel and refused with 422 (the invoice number is missing, which the reader
// only finds after reading the whole file). Target: the loaded p95 within 2× of the idle one.
// The XML is read in a worker thread (apps/server/src/lib/xml-worker); before, the parse ran on
// the event loop and every request of that process waited for it. Prints figures, asserts nothing.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { printRows, round, startSignedInKontor, writeResults } from './bench-support.mjs';

const ROUNDS = Number(process.env.BENCH_XML_ROUNDS ?? 3);
const PARALLEL = 4;
const TARGET_BYTES = 19 * 1024 * 1024;
const UBL = path.resolve(
  import.meta.dirname,
  '../../shared/fixtures/einvoice/zugferd-corpus/XML-Rechnung/UBL/EN16931_Einfach.ubl.xml',
);

/** A UBL invoice of about 19 MB (notes of 1,000 characters) without its number (BT-1): refused after reading. */
function largeRefusedInvoice() {
  const base = readFileSync(UBL, 'utf8').replace(/<cbc:ID>471102<\/cbc:ID>/, '');
  const note = `<cbc:Note>${'Lieferbedingungen und Hinweise. '.repeat(31)}</cbc:Note>\n`;
  const count = Math.floor((TARGET_BYTES - Buffer.byteLength(base)) / Buffer.byteLength(note));
  return Buffer.from(base.replace('<cbc:Note>', `${note.repeat(count)}<cbc:Note>`), 'utf8');
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function ping(kontor) {
  const started = performance.now();
  const response = await fetch(`${kontor.baseUrl}/api/health`);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`health answered ${response.status}`);
  return performance.now() - started;
}

async function upload(kontor, xml, index) {
  const form = new FormData();
  form.append('files', new Blob([xml], { type: 'application/xml' }), `gross-${index}.xml`);
  const response = await fetch(`${kontor.baseUrl}/api/invoices/upload`, { method: 'POST', headers: kontor.headers, body: form });
  const body = await response.json();
  if (response.status !== 422) throw new Error(`upload answered ${response.status}: ${JSON.stringify(body)}`);
  return body.code;
}

const summary = (values) => ({
  count: values.length,
  p50: round(percentile(values, 50), 2),
  p95: round(percentile(values, 95), 2),
  max: round(Math.max(...values), 2),
});

const xml = largeRefusedInvoice();
const kontor = await startSignedInKontor('kontor-bench-xml-');
try {
  for (let warm = 0; warm < 20; warm += 1) await ping(kontor);
  await upload(kontor, xml, 0); // the worker threads start on first use
  const idle = [];
  for (let call = 0; call < 200; call += 1) idle.push(await ping(kontor));

  const loaded = [];
  const refusals = [];
  let uploadSeconds = 0;
  for (let round_ = 0; round_ < ROUNDS; round_ += 1) {
    const started = performance.now();
    let isDone = false;
    const uploads = Promise.all(Array.from({ length: PARALLEL }, (_, index) => upload(kontor, xml, index))).finally(() => {
      isDone = true;
    });
    while (!isDone) loaded.push(await ping(kontor));
    refusals.push(...(await uploads));
    uploadSeconds += (performance.now() - started) / 1000;
  }

  const idleSummary = summary(idle);
  const loadedSummary = summary(loaded);
  printRows(
    `Light API call while ${PARALLEL} × ${round(xml.length / 1_048_576)} MB XML uploads are refused (${os.cpus().length} CPUs)`,
    [
      ['idle', `p50 ${idleSummary.p50} ms, p95 ${idleSummary.p95} ms, max ${idleSummary.max} ms (${idleSummary.count} calls)`],
      [
        'during the uploads',
        `p50 ${loadedSummary.p50} ms, p95 ${loadedSummary.p95} ms, max ${loadedSummary.max} ms (${loadedSummary.count} calls)`,
      ],
      ['p95 loaded ÷ idle', `${round(loadedSummary.p95 / idleSummary.p95, 2)}× (target ≤ 2×)`],
      [
        'uploads refused',
        `${refusals.length} × ${[...new Set(refusals)].join(', ')}, ${round(uploadSeconds / ROUNDS, 2)} s per round of ${PARALLEL}`,
      ],
    ],
    20,
  );
  writeResults('xml-upload-latency', { idle: idleSummary, loaded: loadedSummary, bytes: xml.length, refusals });
} finally {
  await kontor.close();
}
