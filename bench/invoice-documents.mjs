#!/usr/bin/env node
// `npm run bench:invoice-documents` (issue 65, "Measure"): per outgoing invoice of 10 lines, the
// CII XML and the ZUGFeRD/Factur-X PDF (PDF/A-3b with the XML attached) as the server makes them
// for a download; then XRechnung UBL; then the checks the tests run on every generated file: the
// XSD and the EN 16931 + XRechnung Schematron rules (SaxonJS), the first run (compiling the rules,
// cached on disk after) and the median per document. Prints figures; asserts nothing about time.
// Results go to bench/results/invoice-documents-<time>.json.
import { performance } from 'node:perf_hooks';
import { renderInvoicePdf, writeCiiInvoice, writeUblInvoice } from '../packages/formats/src/invoice-writing/index.ts';
import { GERMAN_INVOICE, LONG_INVOICE } from '../packages/formats/src/invoice-writing/sample-invoices.ts';
import { validateEinvoiceSchematron, validateEinvoiceXsd } from '../packages/formats/src/einvoice-validation/index.ts';
import { writeResults } from './bench-support.mjs';

const INVOICES = Number(process.env.BENCH_INVOICE_DOCUMENTS ?? 300);
const CHECKS = Number(process.env.BENCH_INVOICE_CHECKS ?? 20);

const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
function stats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { count: sorted.length, medianMs: round(at(0.5)), p99Ms: round(at(0.99)), maxMs: round(sorted.at(-1)) };
}

/** The German sample with ten lines and its own number: every PDF differs, as real ones do. */
function invoiceNumbered(index) {
  const lines = Array.from({ length: 10 }, (_, line) => ({
    ...GERMAN_INVOICE.lines[line % GERMAN_INVOICE.lines.length],
    position: line + 1,
  }));
  const net = lines.reduce((sum, line) => sum + line.netAmount, 0);
  const byRate = new Map();
  for (const line of lines) byRate.set(line.taxRate, (byRate.get(line.taxRate) ?? 0) + line.netAmount);
  const taxBreakdown = [...byRate].map(([rate, basis]) => ({
    taxCategory: 'S',
    rate,
    basis,
    tax: Math.round((basis * rate) / 10_000),
    exemptionReason: null,
    exemptionReasonCode: null,
  }));
  const tax = taxBreakdown.reduce((sum, line) => sum + line.tax, 0);
  const number = `RE-2026-${String(index + 1).padStart(5, '0')}`;
  return {
    ...GERMAN_INVOICE,
    number,
    payment: {
      ...GERMAN_INVOICE.payment,
      reference: number,
      skonto: { ...GERMAN_INVOICE.payment.skonto, basis: net + tax, amount: Math.round((net + tax) * 0.02) },
    },
    lines,
    taxBreakdown,
    totals: { net, tax, gross: net + tax, paid: 0, due: net + tax },
  };
}

async function time(work) {
  const start = performance.now();
  const result = await work();
  return { ms: performance.now() - start, result };
}

const results = { invoices: INVOICES, linesPerInvoice: 10 };

// Warm-up: fonts read and parsed once per process.
const first = await time(() => renderInvoicePdf(invoiceNumbered(0), { facturX: { xml: writeCiiInvoice(invoiceNumbered(0)) } }));
results.firstPdfMs = round(first.ms);

const pdfTimes = [];
const ciiTimes = [];
let bytes = 0;
for (let index = 0; index < INVOICES; index += 1) {
  const invoice = invoiceNumbered(index);
  const start = performance.now();
  const xml = writeCiiInvoice(invoice, 'en16931');
  ciiTimes.push(performance.now() - start);
  const pdf = await renderInvoicePdf(invoice, { facturX: { xml } });
  pdfTimes.push(performance.now() - start);
  bytes += pdf.length;
}
results.zugferdPdf = { ...stats(pdfTimes), averageKb: round(bytes / INVOICES / 1024) };
results.ciiXml = stats(ciiTimes);
const long = await time(async () => renderInvoicePdf(LONG_INVOICE, { facturX: { xml: writeCiiInvoice(LONG_INVOICE) } }));
results.pdf80Lines = { ms: round(long.ms), kb: round(long.result.length / 1024) };

const checked = [
  ['en16931-cii', 'cii', writeCiiInvoice(GERMAN_INVOICE, 'en16931')],
  ['xrechnung-cii', 'cii', writeCiiInvoice(GERMAN_INVOICE, 'xrechnung')],
  ['en16931-ubl', 'ubl', writeUblInvoice(GERMAN_INVOICE, 'xrechnung')],
  ['xrechnung-ubl', 'ubl', writeUblInvoice(GERMAN_INVOICE, 'xrechnung')],
];
results.checks = {};
for (const [rules, syntax, xml] of checked) {
  const cold = await time(() => validateEinvoiceSchematron(xml, rules));
  const schematronTimes = [];
  const xsdTimes = [];
  for (let run = 0; run < CHECKS; run += 1) {
    schematronTimes.push((await time(() => validateEinvoiceSchematron(xml, rules))).ms);
    xsdTimes.push((await time(() => validateEinvoiceXsd(xml, syntax))).ms);
  }
  results.checks[rules] = {
    errors: cold.result.errors.length,
    firstRunMs: round(cold.ms),
    schematron: stats(schematronTimes),
    xsd: stats(xsdTimes),
  };
}

console.log(`\nOutgoing invoice documents (${INVOICES} invoices of 10 lines)`);
console.log(`  first PDF (fonts loaded)          ${results.firstPdfMs} ms`);
console.log(`  CII XML                           median ${results.ciiXml.medianMs} ms, p99 ${results.ciiXml.p99Ms} ms`);
console.log(
  `  CII + ZUGFeRD PDF                 median ${results.zugferdPdf.medianMs} ms, p99 ${results.zugferdPdf.p99Ms} ms, ${results.zugferdPdf.averageKb} KB`,
);
console.log(`  80 lines (several pages)          ${results.pdf80Lines.ms} ms, ${results.pdf80Lines.kb} KB`);
for (const [rules, check] of Object.entries(results.checks)) {
  console.log(
    `  ${rules.padEnd(14)} Schematron first run (rules from the cache) ${check.firstRunMs} ms, then median ${check.schematron.medianMs} ms (p99 ${check.schematron.p99Ms}); XSD median ${check.xsd.medianMs} ms; errors ${check.errors}`,
  );
}
writeResults('invoice-documents', results);
