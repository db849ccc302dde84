#!/usr/bin/env -S npx tsx
// The text/OCR reader on the ZUGFeRD/Factur-X PDFs of the fixtures, read as if they were plain
// PDFs (the embedded XML ignored) and as scans (each page rendered at 300 dpi and OCRed), scored
// against the embedded XML: per field right, empty, wrong (and unprinted: the XML states a value
// the page does not show). Also the invoice2data PDFs on the same fields where they state them.
//   npx tsx bench/extraction-pages.mjs [fixturesDir] [--text-only] [--misses]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readEInvoicePdf } from '../packages/formats/src/invoice-reading/einvoice/read-pdf.ts';
import { extractPdfText } from '../packages/formats/src/invoice-reading/text/pdf-text.ts';
import { readInvoiceText } from '../packages/formats/src/invoice-reading/text/read-invoice-text.ts';
import { listInvoice2data, scoreFixture } from '../packages/formats/src/invoice-reading/text/invoice2data-score.ts';
import { closeOcr } from '../packages/formats/src/invoice-reading/ocr/tesseract.ts';
import { readScannedPdf } from '../packages/formats/src/invoice-reading/ocr/scanned-pdf.ts';
import {
  listEInvoicePdfs,
  pageShowsInvoice,
  scoreAgainstXml,
  SCORED_FIELDS,
  shares,
  tally,
} from '../packages/formats/src/invoice-reading/text/einvoice-pdf-score.ts';

const DPI = 300;

/** Reads every ZUGFeRD PDF as text layer (and, with `scans`, as OCR); scores against its XML. */
export async function measureEInvoicePages(fixturesDir, { scans = true, log = false } = {}) {
  const dir = path.join(fixturesDir, 'einvoice');
  const sets = { text: { scores: [], ms: [], pages: 0, misses: [] }, scan: { scores: [], ms: [], pages: 0, misses: [] } };
  let documents = 0;
  const differing = [];
  for (const relative of listEInvoicePdfs(dir)) {
    const bytes = new Uint8Array(readFileSync(path.join(dir, relative)));
    let truth = null;
    try {
      truth = await readEInvoicePdf(bytes);
    } catch {
      truth = null;
    }
    if (!truth) continue;
    const layer = await extractPdfText(bytes);
    if (!pageShowsInvoice(truth, layer.text)) {
      differing.push(relative);
      continue;
    }
    documents += 1;
    const kinds = scans ? ['text', 'scan'] : ['text'];
    for (const kind of kinds) {
      const set = sets[kind];
      const started = performance.now();
      const scan = kind === 'scan' ? await readScannedPdf(bytes, { dpi: DPI, maxPages: 4 }) : null;
      const text = scan ? scan.text : layer.text;
      const pages = scan ? Math.min(scan.pages, 4) : layer.pages;
      const reading = scan ? scan.invoice : readInvoiceText(layer, 'text');
      set.ms.push((performance.now() - started) / Math.max(1, pages));
      set.pages += pages;
      const scores = scoreAgainstXml(truth, reading, text);
      set.scores.push(...scores);
      for (const s of scores) {
        if (s.outcome === 'empty' || s.outcome === 'wrong')
          set.misses.push(
            `${s.outcome.padEnd(5)} ${kind} ${relative.split('/').pop()} ${s.field}: want ${s.expected}, read ${s.actual}`,
          );
      }
    }
    if (log) process.stderr.write('.');
  }
  if (scans) await closeOcr();
  const summary = (set) => {
    const { perField, overall } = tally(set.scores);
    const sorted = [...set.ms].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    return { perField, overall, ...shares(overall), medianMsPerPage: Math.round(median), pages: set.pages, misses: set.misses };
  };
  return { documents, differing, text: summary(sets.text), scan: scans ? summary(sets.scan) : null };
}

/** invoice2data's field names → the ones scored here (its other fields are left out). */
const INVOICE2DATA_FIELDS = {
  invoice_number: 'invoiceNumber',
  date: 'issueDate',
  date_due: 'dueDate',
  amount_untaxed: 'net',
  amount_tax: 'tax',
  amount: 'total',
  currency: 'currency',
  issuer: 'sellerName',
  vat: 'sellerVatId',
  iban: 'iban',
};

/** The invoice2data PDFs (text layer) on the same fields, where their expectations state them. */
export async function measureInvoice2dataPages(fixturesDir) {
  const dir = path.join(fixturesDir, 'invoice-extraction/invoice2data');
  const scores = [];
  let documents = 0;
  for (const doc of listInvoice2data(dir).filter((d) => d.kind === 'pdf')) {
    documents += 1;
    const layer = await extractPdfText(new Uint8Array(readFileSync(doc.file)));
    const { checks } = scoreFixture(doc.expected, readInvoiceText(layer, 'text'), layer.text);
    for (const check of checks) {
      const field = INVOICE2DATA_FIELDS[check.field];
      if (!field) continue;
      const outcome = check.ok ? 'right' : check.actual === null ? 'empty' : 'wrong';
      scores.push({ field, expected: check.expected, actual: check.actual, outcome });
    }
  }
  const { perField, overall } = tally(scores);
  return { documents, perField, overall, ...shares(overall) };
}

/** Console table rows: field → "right / empty / wrong (unprinted)". */
export function fieldTable(summary) {
  const rows = {};
  for (const field of [...SCORED_FIELDS, 'overall']) {
    const t = field === 'overall' ? summary.overall : summary.perField[field];
    if (!t) continue;
    const s = shares(t);
    rows[field] = {
      right: t.right,
      empty: t.empty,
      wrong: t.wrong,
      unprinted: t.unprinted,
      'right %': (s.right * 100).toFixed(1),
      'wrong %': (s.wrong * 100).toFixed(1),
    };
  }
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '..');
  const args = process.argv.slice(2);
  const fixtures =
    args.find((a) => !a.startsWith('--')) ?? process.env.KONTOR_FIXTURES ?? path.resolve(root, '../shared/fixtures');
  const result = await measureEInvoicePages(fixtures, { scans: !args.includes('--text-only'), log: true });
  const invoice2data = await measureInvoice2dataPages(fixtures);
  console.log(
    `\n${result.documents} ZUGFeRD/Factur-X PDFs (not scored, their page shows another invoice than their XML: ${result.differing.join(', ')})`,
  );
  for (const kind of ['text', 'scan']) {
    const summary = result[kind];
    if (!summary) continue;
    console.log(
      `\n${kind === 'text' ? 'text layer' : `scans (${DPI} dpi, OCR)`}: ${summary.pages} pages, median ${summary.medianMsPerPage} ms per page`,
    );
    console.table(fieldTable(summary));
    if (args.includes('--misses')) console.log(summary.misses.join('\n'));
  }
  console.log(`\ninvoice2data PDFs (text layer): ${invoice2data.documents} documents`);
  console.table(fieldTable(invoice2data));
}
