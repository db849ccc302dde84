#!/usr/bin/env node
// `npm run bench:datev-codec` (issue 56, "Measure"): the DATEV codec alone, no database, no HTTP.
// 99,999 generated bookings (made one at a time, never held as a list) go through
// writeDatevBookings into a file on disk; prints bookings per second, the file's size and the
// process's peak RSS above its RSS after the imports (sampled every 10 ms, and VmHWM), then reads
// the line count back to show the file is whole. Streaming is the design that keeps the peak flat:
// the same run with 10,000 bookings is printed beside it, so growth with size is visible.
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
// The codecs' own entry: the package's index also loads the PDF, OCR and canvas modules (about 100 MB).
import { writeDatevBookings } from '@kontor/formats/accounting-export';
import { memoryMb, printRows, round, writeResults } from './bench-support.mjs';

// DATEV takes at most 99,999 bookings per file (the server splits larger exports): the largest file there is.
const BOOKINGS = Number(process.env.BENCH_DATEV_BOOKINGS ?? 99_999);

const OPTIONS = {
  createdAt: new Date('2026-01-31T09:30:05.123Z'),
  dateFrom: '2026-01-01',
  dateTo: '2026-12-31',
  label: 'Kontor Bench Eingangsrechnungen 2026',
  exportedBy: 'Bench',
  currency: 'EUR',
  consultantNumber: 1001,
  clientNumber: 1,
  fiscalYearStart: '2026-01-01',
  accountLength: 4,
  lockBookings: false,
  chart: null,
};

/** Realistic bookings: 2,000 suppliers, dates over the year, German texts with umlauts and €. */
async function* generatedBookings(count) {
  for (let index = 0; index < count; index += 1) {
    const month = String((index % 12) + 1).padStart(2, '0');
    const day = String((index % 28) + 1).padStart(2, '0');
    const gross = 1_000 + ((index * 7_919) % 2_500_000);
    yield {
      kind: 'invoice',
      amount: gross,
      side: 'credit',
      currency: 'EUR',
      exchangeRate: null,
      baseAmount: null,
      account: String(70_000 + (index % 2_000)),
      contraAccount: index % 2 === 0 ? '4980' : '6815',
      taxKey: '9',
      taxRate: 1900,
      taxAmount: Math.round((gross * 19) / 119),
      documentDate: `2026-${month}-${day}`,
      documentNumber: `RE-2026-${String(index + 1).padStart(6, '0')}`,
      documentNumber2: null,
      text: index % 3 === 0 ? `Büromaterial Müller – Lieferung ${index} (€)` : `Wartung Anlage ${index % 50}`,
      costCenter1: index % 4 === 0 ? '100' : null,
      costCenter2: null,
      dueDate: `2026-${month}-${day}`,
      serviceDate: null,
      discountAmount: null,
      documentGuid: null,
      counterpartyName: `Lieferant ${index % 2_000} GmbH`,
      counterpartyVat: null,
      counterpartyIban: null,
      invoiceId: `inv-${index}`,
      bookingId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    };
  }
}

/** Line ends in the file, read in chunks (reading it whole would be the bench's peak, not the codec's). */
async function countLines(file) {
  let lines = 0;
  for await (const chunk of createReadStream(file)) {
    for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
  }
  return lines;
}

async function run(count) {
  global.gc?.();
  const baseline = memoryMb(process.pid).rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryMb(process.pid).rss)), 10);
  const file = path.join(os.tmpdir(), `kontor-datev-bench-${process.pid}-${count}.csv`);
  const out = createWriteStream(file);
  const started = performance.now();
  let bytes = 0;
  for await (const chunk of writeDatevBookings(OPTIONS, generatedBookings(count))) {
    bytes += chunk.length;
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, memoryMb(process.pid).rss);
  const lines = await countLines(file);
  rmSync(file, { force: true });
  if (lines !== count + 2) throw new Error(`the file has ${lines} lines, expected ${count + 2}`);
  return { count, seconds, bookingsPerSecond: count / seconds, bytes, baselineMb: baseline, peakMb: peak };
}

const small = await run(Math.round(BOOKINGS / 10));
const large = await run(BOOKINGS);
const label = (result) => `${result.count.toLocaleString('en')} bookings`;
const row = (result) =>
  `${round(result.seconds, 2)} s, ${Math.round(result.bookingsPerSecond).toLocaleString('en')} bookings/s, ` +
  `${round(result.bytes / 1_048_576, 2)} MB; RSS ${round(result.baselineMb)} → peak ${round(result.peakMb)} MB ` +
  `(+${round(result.peakMb - result.baselineMb)} MB)`;
printRows(
  `DATEV codec (Buchungsstapel, ${os.cpus().length} CPUs)`,
  [
    [label(small), row(small)],
    [label(large), row(large)],
    ['process peak (VmHWM)', `${round(memoryMb(process.pid).hwm)} MB (target ≤ 150 MB)`],
  ],
  28,
);
writeResults('datev-codec', { small, large, hwmMb: memoryMb(process.pid).hwm });
