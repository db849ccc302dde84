#!/usr/bin/env -S npx tsx
// Invoice reading from text and OCR: per kind (text-layer PDFs of the invoice2data fixtures, and
// rendered A4 pages at 300 dpi in a few variants OCRed with tesseract.js), the documents, the share
// of expected fields read right, and mean/p95 milliseconds per document including field reading.
// The sources are TypeScript, so run under tsx:
//   npx tsx bench/extraction-text.mjs [fixturesDir]     (default ../shared/fixtures or KONTOR_FIXTURES)
// OCR target: ≤ 2 s per A4 page (after the one-off worker start-up, reported separately).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractPdfText } from '../packages/formats/src/invoice-reading/text/pdf-text.ts';
import { readInvoiceText } from '../packages/formats/src/invoice-reading/text/read-invoice-text.ts';
import { listInvoice2data, scoreFixture } from '../packages/formats/src/invoice-reading/text/invoice2data-score.ts';
import { closeOcr, recognizeImage } from '../packages/formats/src/invoice-reading/ocr/tesseract.ts';
import {
  fontsAvailable,
  renderSampleInvoice,
  SAMPLE_FIELDS,
} from '../packages/formats/src/invoice-reading/ocr/sample-invoice-image.ts';

const VARIANTS = [
  { name: 'sans', variant: { font: 'sans' } },
  { name: 'serif', variant: { font: 'serif' } },
  { name: 'mono', variant: { font: 'mono' } },
  { name: 'skew 0.7°', variant: { font: 'sans', skew: 0.7 } },
  { name: 'speckled', variant: { font: 'sans', noise: 30 } },
];

function stats(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  const mean = sorted.reduce((s, v) => s + v, 0) / Math.max(1, sorted.length);
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
  return { meanMs: Math.round(mean), p95Ms: Math.round(p95) };
}

/** Fields of the rendered sample that OCR + reading must get right. */
function scoreSample(inv) {
  const checks = [
    [inv.invoiceNumber?.value, SAMPLE_FIELDS.invoiceNumber],
    [inv.date?.value, SAMPLE_FIELDS.date],
    [inv.dueDate?.value, SAMPLE_FIELDS.dueDate],
    [inv.iban?.value, SAMPLE_FIELDS.iban],
    [inv.bic?.value, SAMPLE_FIELDS.bic],
    [inv.seller.vatId?.value, SAMPLE_FIELDS.vatId],
    [inv.seller.name?.value, SAMPLE_FIELDS.seller],
    [inv.netAmount?.value, SAMPLE_FIELDS.netAmount],
    [inv.taxAmount?.value, SAMPLE_FIELDS.taxAmount],
    [inv.totalAmount?.value, SAMPLE_FIELDS.totalAmount],
    [inv.taxRate?.value, SAMPLE_FIELDS.taxRate],
    [inv.currency?.value, 'EUR'],
  ];
  return { ok: checks.filter(([a, e]) => a === e).length, total: checks.length };
}

export async function measureTextAndOcr(fixturesDir) {
  const rows = [];
  const dir = path.join(fixturesDir, 'invoice-extraction/invoice2data');
  if (existsSync(dir)) {
    const pdfs = listInvoice2data(dir).filter((d) => d.kind === 'pdf');
    const ms = [];
    let ok = 0;
    let total = 0;
    for (const doc of pdfs) {
      const bytes = new Uint8Array(readFileSync(doc.file));
      const started = performance.now();
      const { text } = await extractPdfText(bytes);
      const inv = readInvoiceText(text, 'text');
      ms.push(performance.now() - started);
      const { checks } = scoreFixture(doc.expected, inv, text);
      ok += checks.filter((c) => c.ok).length;
      total += checks.length;
    }
    rows.push({ kind: 'text-pdf (invoice2data)', documents: pdfs.length, fieldsRight: ok / total, fields: total, ...stats(ms) });
  } else {
    console.warn(`invoice2data fixtures not found under ${fixturesDir}: text-PDF row skipped`);
  }

  if (fontsAvailable()) {
    const startUp = performance.now();
    await recognizeImage(renderSampleInvoice({ dpi: 100 }), { dpi: 100 });
    const startUpMs = Math.round(performance.now() - startUp);
    for (const { name, variant } of VARIANTS) {
      const png = renderSampleInvoice({ ...variant, dpi: 300 });
      const ms = [];
      let ok = 0;
      let total = 0;
      for (let run = 0; run < 3; run++) {
        const started = performance.now();
        const { text } = await recognizeImage(png, { dpi: 300 });
        const inv = readInvoiceText(text, 'ocr');
        ms.push(performance.now() - started);
        const score = scoreSample(inv);
        ok += score.ok;
        total += score.total;
      }
      rows.push({ kind: `ocr A4 300 dpi (${name})`, documents: 3, fieldsRight: ok / total, fields: total, ...stats(ms) });
    }
    rows.push({
      kind: 'ocr worker start-up (once)',
      documents: 1,
      fieldsRight: null,
      fields: 0,
      meanMs: startUpMs,
      p95Ms: startUpMs,
    });
    await closeOcr();
  } else {
    console.warn('no font for @napi-rs/canvas: OCR rows skipped');
  }
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '..');
  const fixtures = process.argv[2] ?? process.env.KONTOR_FIXTURES ?? path.resolve(root, '../shared/fixtures');
  const rows = await measureTextAndOcr(fixtures);
  console.table(
    rows.map((r) => ({
      kind: r.kind,
      docs: r.documents,
      'fields right': r.fieldsRight === null ? '–' : `${(r.fieldsRight * 100).toFixed(1)} % of ${r.fields}`,
      'mean ms': r.meanMs,
      'p95 ms': r.p95Ms,
    })),
  );
}
