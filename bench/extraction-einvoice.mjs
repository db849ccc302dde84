#!/usr/bin/env node
// E-invoice reading benchmark: `node bench/extraction-einvoice.mjs [fixturesDir]`.
// Reads every fixture of einvoice/EXPECTED_invoice_summaries.json (outside `fail` folders) with
// readEInvoiceXml / readEInvoicePdf and scores header fields and totals; on the same PDFs it
// runs factur-x-kit (FacturX.fromPDF) for comparison. The TypeScript sources are loaded with
// tsx's ESM API, so plain node suffices.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '..');
const source = (file) => pathToFileURL(path.join(root, 'packages/formats/src/invoice-reading/einvoice', file)).href;

const TOTALS = ['line_total', 'tax_basis_total', 'tax_total', 'grand_total', 'due_payable'];

function stats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1);
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
  return { meanMs: Number(mean.toFixed(2)), p95Ms: Number(p95.toFixed(2)) };
}

/** factur-x-kit's parsed object → the same minor-unit totals (it returns JS numbers). */
function facturXKitTotals(object, currency) {
  const cents = (value) => (typeof value === 'number' ? Math.round(value * 100) : null);
  const totals = object?.totals ?? {};
  const tax = (totals.taxTotal ?? []).find((t) => !t.currency || t.currency === currency) ?? totals.taxTotal?.[0];
  return {
    line_total: cents(totals.sumWithoutAllowancesAndCharges),
    tax_basis_total: cents(totals.netTotal),
    tax_total: cents(tax?.amount),
    grand_total: cents(totals.grossTotal),
    due_payable: cents(totals.openAmount),
  };
}

export async function measureEInvoices(fixturesDir = path.resolve(root, '../shared/fixtures')) {
  const { readEInvoiceXml } = await tsImport(source('read-xml.ts'), import.meta.url);
  const { readEInvoicePdf } = await tsImport(source('read-pdf.ts'), import.meta.url);
  const { compareWithExpected, expectedSummaryOf } = await tsImport(source('expected-summaries.ts'), import.meta.url);
  const { FacturX } = await import('factur-x-kit');
  const dir = path.join(fixturesDir, 'einvoice');
  const expected = JSON.parse(readFileSync(path.join(dir, 'EXPECTED_invoice_summaries.json'), 'utf8'));
  const kinds = {
    xml: { documents: 0, fields: 0, right: 0, times: [] },
    pdf: { documents: 0, fields: 0, right: 0, times: [] },
  };
  const kit = { documents: 0, read: 0, totals: 0, totalsRight: 0, times: [] };
  for (const [relative, entry] of Object.entries(expected)) {
    if (relative.split('/').includes('fail')) continue;
    const summary = expectedSummaryOf(entry);
    if (!summary) continue;
    const bytes = new Uint8Array(readFileSync(path.join(dir, relative)));
    const isPdf = relative.toLowerCase().endsWith('.pdf');
    const bucket = kinds[isPdf ? 'pdf' : 'xml'];
    bucket.documents += 1;
    const started = performance.now();
    let invoice = null;
    try {
      invoice = isPdf ? await readEInvoicePdf(bytes) : readEInvoiceXml(bytes);
    } catch {
      invoice = null;
    }
    bucket.times.push(performance.now() - started);
    const checks = invoice
      ? compareWithExpected(invoice, summary, relative)
      : compareWithExpected({ seller: {}, buyer: {}, lineItems: [] }, summary, relative);
    bucket.fields += checks.length;
    bucket.right += invoice ? checks.filter((c) => c.ok).length : 0;
    if (!isPdf) continue;
    kit.documents += 1;
    const kitStarted = performance.now();
    let object = null;
    const quiet = { log: console.log, warn: console.warn, error: console.error };
    console.log = console.warn = console.error = () => {}; // factur-x-kit prints its zod issues
    try {
      object = (await FacturX.fromPDF(new Uint8Array(bytes))).object;
    } catch {
      object = null;
    } finally {
      Object.assign(console, quiet);
    }
    kit.times.push(performance.now() - kitStarted);
    const wanted = Object.fromEntries(checks.filter((c) => TOTALS.includes(c.field)).map((c) => [c.field, c.expected]));
    kit.totals += TOTALS.length;
    if (!object) continue;
    kit.read += 1;
    const got = facturXKitTotals(object, summary.currency);
    kit.totalsRight += TOTALS.filter((field) => (wanted[field] ?? null) === got[field]).length;
  }
  const summarise = ({ documents, fields, right, times }) => ({
    documents,
    fieldsRight: right,
    fields,
    share: fields ? right / fields : 0,
    ...stats(times),
  });
  return {
    einvoiceXml: summarise(kinds.xml),
    einvoicePdf: summarise(kinds.pdf),
    facturXKitPdf: {
      documents: kit.documents,
      filesRead: kit.read,
      totalsRight: kit.totalsRight,
      totals: kit.totals,
      share: kit.totals ? kit.totalsRight / kit.totals : 0,
      ...stats(kit.times),
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const fixtures = process.argv[2] ?? process.env.KONTOR_FIXTURES ?? path.resolve(root, '../shared/fixtures');
  const result = await measureEInvoices(fixtures);
  const pct = (share) => `${(share * 100).toFixed(1)} %`;
  console.table({
    'e-invoice XML (kontor)': {
      docs: result.einvoiceXml.documents,
      right: `${result.einvoiceXml.fieldsRight}/${result.einvoiceXml.fields}`,
      share: pct(result.einvoiceXml.share),
      meanMs: result.einvoiceXml.meanMs,
      p95Ms: result.einvoiceXml.p95Ms,
    },
    'ZUGFeRD/Factur-X PDF (kontor)': {
      docs: result.einvoicePdf.documents,
      right: `${result.einvoicePdf.fieldsRight}/${result.einvoicePdf.fields}`,
      share: pct(result.einvoicePdf.share),
      meanMs: result.einvoicePdf.meanMs,
      p95Ms: result.einvoicePdf.p95Ms,
    },
    'same PDFs, factur-x-kit (totals only)': {
      docs: `${result.facturXKitPdf.filesRead}/${result.facturXKitPdf.documents} read`,
      right: `${result.facturXKitPdf.totalsRight}/${result.facturXKitPdf.totals}`,
      share: pct(result.facturXKitPdf.share),
      meanMs: result.facturXKitPdf.meanMs,
      p95Ms: result.facturXKitPdf.p95Ms,
    },
  });
}
