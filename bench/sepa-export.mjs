#!/usr/bin/env node
// `npx tsx bench/sepa-export.mjs` (issue 7, "Measure"): a pain.001.001.09 file of 10,000 credit
// transfers written by @kontor/formats (writePain001), its XSD validation on its own, and the npm
// package `sepa` writing the same payments (same debtors, dates, amounts, names, end-to-end ids).
// Each measurement runs in a fresh child process (5 per kind) so that its peak memory is its own:
// time is the median of 5, memory the median peak RSS above the process's RSS after its imports,
// and the heap still held right after writing (the file and what the writer keeps). Prints figures;
// asserts nothing about time. Results go to bench/results/sepa-export-<time>.json.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { germanIban, writeResults } from './bench-support.mjs';

const PAYMENTS = Number(process.env.BENCH_SEPA_PAYMENTS ?? 10_000);
const RUNS = 5;
const root = path.resolve(import.meta.dirname, '..');
const self = fileURLToPath(import.meta.url);

/** Two debtor accounts and five execution dates: ten payment-information blocks, as a real run would have. */
function generatePayments(count) {
  const debtors = [
    { name: 'Kontor Bench GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    { name: 'Kontor Bench GmbH Zweitkonto', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' },
  ];
  return Array.from({ length: count }, (_, index) => ({
    endToEndId: `KONTOR-BENCH-${String(index + 1).padStart(6, '0')}`,
    amountCents: 1_000 + ((index * 7_919) % 2_500_000),
    currency: 'EUR',
    requestedExecutionDate: `2030-01-${String(10 + (index % 5)).padStart(2, '0')}`,
    debtor: debtors[index % 2],
    creditor: { name: `Lieferant ${String(index + 1).padStart(5, '0')} GmbH & Co. KG`, iban: germanIban(index + 1), bic: null },
    remittanceInformation: `RE-2030-${String(index + 1).padStart(6, '0')}`,
  }));
}

const batchOf = (payments) => ({
  messageId: 'KONTOR-BENCH-1',
  createdAt: '2030-01-09T08:00:00Z',
  initiatingPartyName: 'Kontor Bench GmbH',
  payments,
});

/** The same payments through the npm package `sepa`: one PaymentInfo per debtor account and date. */
function writeWithSepaPackage(SEPA, batch) {
  const doc = new SEPA.Document('pain.001.001.09');
  doc.grpHdr.id = batch.messageId;
  doc.grpHdr.created = new Date(batch.createdAt);
  doc.grpHdr.initiatorName = batch.initiatingPartyName;
  const blocks = new Map();
  for (const payment of batch.payments) {
    const key = `${payment.debtor.iban}|${payment.requestedExecutionDate}`;
    let info = blocks.get(key);
    if (!info) {
      info = doc.createPaymentInfo();
      info.requestedExecutionDate = new Date(`${payment.requestedExecutionDate}T00:00:00Z`);
      info.debtorIBAN = payment.debtor.iban;
      info.debtorBIC = payment.debtor.bic;
      info.debtorName = payment.debtor.name;
      doc.addPaymentInfo(info);
      blocks.set(key, info);
    }
    const tx = info.createTransaction();
    tx.creditorName = payment.creditor.name;
    tx.creditorIBAN = payment.creditor.iban;
    tx.amount = payment.amountCents / 100;
    tx.remittanceInfo = payment.remittanceInformation;
    tx.end2endId = payment.endToEndId;
    info.addTransaction(tx);
  }
  return doc.toString();
}

const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** One measurement in this (child) process; prints one JSON line. */
async function child(kind) {
  const formats = await import('../packages/formats/src/sepa-credit-transfer/index.ts');
  const SEPA = (await import('sepa')).default;
  const batch = batchOf(generatePayments(PAYMENTS));
  // Validation is measured on its own: the file is written before the clock starts.
  const xmlToValidate = kind === 'validate' ? formats.writePain001(batch) : null;
  if (kind === 'validate') await formats.validateSepaXml('<x/>', 'pain.001.001.09'); // loads the XSD and the wasm first
  globalThis.gc();
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  let output;
  if (kind === 'kontor') output = formats.writePain001(batch);
  else if (kind === 'sepa') output = writeWithSepaPackage(SEPA, batch);
  else output = JSON.stringify(await formats.validateSepaXml(xmlToValidate, 'pain.001.001.09'));
  const ms = performance.now() - started;
  const heapAfter = process.memoryUsage().heapUsed;
  const peakRss = process.resourceUsage().maxRSS * 1024;
  const result = { kind, ms, rssBeforeMb: mb(rssBefore), peakRssMb: mb(peakRss), peakAboveStartMb: mb(peakRss - rssBefore) };
  result.heapHeldMb = mb(heapAfter - heapBefore);
  if (kind === 'validate') result.valid = JSON.parse(output).valid;
  else {
    result.bytes = Buffer.byteLength(output);
    result.valid = (await formats.validateSepaXml(output, 'pain.001.001.09')).valid;
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function measure(kind) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', self, '--child', kind], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, BENCH_SEPA_PAYMENTS: String(PAYMENTS) },
      maxBuffer: 16 * 1024 * 1024,
    });
    if (result.status !== 0) throw new Error(`${kind} child failed: ${result.stderr}`);
    runs.push(JSON.parse(result.stdout.trim().split('\n').at(-1)));
  }
  return {
    kind,
    medianMs: Math.round(median(runs.map((run) => run.ms))),
    minMs: Math.round(Math.min(...runs.map((run) => run.ms))),
    medianPeakRssMb: median(runs.map((run) => run.peakRssMb)),
    medianPeakAboveStartMb: median(runs.map((run) => run.peakAboveStartMb)),
    medianHeapHeldMb: median(runs.map((run) => run.heapHeldMb)),
    fileMb: runs[0].bytes ? mb(runs[0].bytes) : null,
    validAgainstXsd: runs[0].valid,
  };
}

if (process.argv[2] === '--child') {
  await child(process.argv[3]);
} else {
  const results = {
    payments: PAYMENTS,
    runsPerKind: RUNS,
    kontorWrite: measure('kontor'),
    kontorXsdValidation: measure('validate'),
    sepaPackageWrite: measure('sepa'),
    cpus: os.cpus().length,
    node: process.version,
  };
  console.log(`\npain.001.001.09, ${PAYMENTS.toLocaleString('en')} payments (median of ${RUNS} child processes each)`);
  const header = ['', 'time', 'peak RSS', 'peak above start', 'heap held', 'file', 'XSD-valid'];
  const pad = (cells) => cells.map((cell, index) => cell.padEnd(index === 0 ? 34 : 18)).join('');
  console.log(`  ${pad(header)}`);
  for (const [label, row] of [
    ['@kontor/formats writePain001', results.kontorWrite],
    ['@kontor/formats validateSepaXml', results.kontorXsdValidation],
    ['npm sepa@3 Document.toString', results.sepaPackageWrite],
  ]) {
    const cells = [
      label,
      `${row.medianMs} ms`,
      `${row.medianPeakRssMb} MB`,
      `${row.medianPeakAboveStartMb} MB`,
      `${row.medianHeapHeldMb} MB`,
      row.fileMb === null ? '—' : `${row.fileMb} MB`,
      String(row.validAgainstXsd),
    ];
    console.log(`  ${pad(cells)}`);
  }
  writeResults('sepa-export', results);
}
