#!/usr/bin/env node
// `npm run bench:extraction`: invoice reading per kind — e-invoice XML, ZUGFeRD/Factur-X PDF (next
// to factur-x-kit on the same files), text PDF, OCR page — documents, share of fields right and
// time per document; then the text/OCR reader per field (right, empty, wrong) on the ZUGFeRD PDFs
// read as plain PDFs and as scans, and on the invoice2data PDFs. Runs under tsx (the codecs are TypeScript); writes JSON to bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { measureEInvoices } from './extraction-einvoice.mjs';
import { fieldTable, measureEInvoicePages, measureInvoice2dataPages } from './extraction-pages.mjs';
import { measureTextAndOcr } from './extraction-text.mjs';

const root = path.resolve(import.meta.dirname, '..');
const fixtures =
  process.argv.slice(2).find((a) => !a.startsWith('--')) ??
  process.env.KONTOR_FIXTURES ??
  path.resolve(root, '../shared/fixtures');
const einvoices = await measureEInvoices(fixtures);
const textAndOcr = await measureTextAndOcr(fixtures);

const pct = (right, total) => (total ? `${((right / total) * 100).toFixed(1)} % of ${total}` : '–');
const rows = {
  'e-invoice XML': {
    docs: einvoices.einvoiceXml.documents,
    right: pct(einvoices.einvoiceXml.fieldsRight, einvoices.einvoiceXml.fields),
    meanMs: einvoices.einvoiceXml.meanMs,
    p95Ms: einvoices.einvoiceXml.p95Ms,
  },
  'ZUGFeRD/Factur-X PDF': {
    docs: einvoices.einvoicePdf.documents,
    right: pct(einvoices.einvoicePdf.fieldsRight, einvoices.einvoicePdf.fields),
    meanMs: einvoices.einvoicePdf.meanMs,
    p95Ms: einvoices.einvoicePdf.p95Ms,
  },
  'same PDFs, factur-x-kit (totals)': {
    docs: `${einvoices.facturXKitPdf.filesRead}/${einvoices.facturXKitPdf.documents} read`,
    right: pct(einvoices.facturXKitPdf.totalsRight, einvoices.facturXKitPdf.totals),
    meanMs: einvoices.facturXKitPdf.meanMs,
    p95Ms: einvoices.facturXKitPdf.p95Ms,
  },
};
for (const row of textAndOcr) {
  rows[row.kind] = {
    docs: row.documents,
    right: row.fieldsRight === null ? '–' : `${(row.fieldsRight * 100).toFixed(1)} % of ${row.fields}`,
    meanMs: row.meanMs,
    p95Ms: row.p95Ms,
  };
}
console.table(rows);

// The text/OCR reader on the ZUGFeRD PDFs with their XML as the answer key (`--text-only` skips
// the OCR of every page, about 2.5 s a page), and on the invoice2data PDFs, per field.
const pages = await measureEInvoicePages(fixtures, { scans: !process.argv.includes('--text-only') });
const invoice2data = await measureInvoice2dataPages(fixtures);
console.log(
  `\nZUGFeRD/Factur-X PDFs read as plain PDFs: ${pages.documents} (not scored, page shows another invoice: ${pages.differing.length})`,
);
console.log(`text layer: ${pages.text.pages} pages, median ${pages.text.medianMsPerPage} ms per page`);
console.table(fieldTable(pages.text));
if (pages.scan) {
  console.log(`as scans (pages rendered at 300 dpi, OCR): median ${pages.scan.medianMsPerPage} ms per page`);
  console.table(fieldTable(pages.scan));
}
console.log(`invoice2data PDFs (text layer): ${invoice2data.documents}`);
console.table(fieldTable(invoice2data));
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(root, 'bench/results', `extraction-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
const withoutMisses = (summary) => summary && { ...summary, misses: summary.misses.length };
const pageFigures = { ...pages, text: withoutMisses(pages.text), scan: withoutMisses(pages.scan) };
writeFileSync(
  file,
  JSON.stringify({ at: new Date().toISOString(), einvoices, textAndOcr, pages: pageFigures, invoice2data }, null, 2),
);
console.log(`written to ${path.relative(root, file)}`);
