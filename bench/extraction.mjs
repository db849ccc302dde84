#!/usr/bin/env node
// `npm run bench:extraction`: invoice reading per kind — e-invoice XML, ZUGFeRD/Factur-X PDF (next
// to factur-x-kit on the same files), text PDF, OCR page — documents, share of fields right and
// time per document. Runs under tsx (the codecs are TypeScript); writes JSON to bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { measureEInvoices } from './extraction-einvoice.mjs';
import { measureTextAndOcr } from './extraction-text.mjs';

const root = path.resolve(import.meta.dirname, '..');
const fixtures = process.argv[2] ?? process.env.KONTOR_FIXTURES ?? path.resolve(root, '../shared/fixtures');
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
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(root, 'bench/results', `extraction-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), einvoices, textAndOcr }, null, 2));
console.log(`written to ${path.relative(root, file)}`);
