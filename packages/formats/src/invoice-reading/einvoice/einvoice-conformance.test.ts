/**
 * Conformance over the shared fixtures (fixtures/einvoice): every entry of
 * EXPECTED_invoice_summaries.json is read and compared field by field; every file under a
 * `fail` folder must be refused with a ReadingError. IBANs: the expected list is verbatim
 * from the XML; the reader only offers checksum-valid payee IBANs, so the expectation is the
 * first expected IBAN passing mod-97 (none if all are placeholders such as "IBAN" or
 * "DK1212341234123412"), and none for direct debits (see DIRECT_DEBIT_FIXTURES).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isReadingError, type ExtractedInvoice } from '../extracted-invoice';
import { compareWithExpected, expectedSummaryOf, type ExpectedEntry } from './expected-summaries';
import { readEInvoicePdf } from './read-pdf';
import { readEInvoiceXml } from './read-xml';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const fixtures = path.join(process.env.KONTOR_FIXTURES ?? path.resolve(repoRoot, '../shared/fixtures'), 'einvoice');
const expectedFile = path.join(fixtures, 'EXPECTED_invoice_summaries.json');
const present = existsSync(expectedFile);
if (!present) console.warn(`e-invoice conformance skipped: ${expectedFile} not found (set KONTOR_FIXTURES)`);

const expected: Record<string, ExpectedEntry> = present ? JSON.parse(readFileSync(expectedFile, 'utf8')) : {};

async function read(relative: string): Promise<ExtractedInvoice | null> {
  const bytes = new Uint8Array(readFileSync(path.join(fixtures, relative)));
  return relative.toLowerCase().endsWith('.pdf') ? readEInvoicePdf(bytes) : readEInvoiceXml(bytes);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe.skipIf(!present)('e-invoice conformance (fixtures/einvoice)', () => {
  const entries = Object.entries(expected).filter(([relative]) => !relative.split('/').includes('fail'));

  it.each(entries)('%s', async (relative, entry) => {
    const summary = expectedSummaryOf(entry);
    const invoice = await read(relative);
    if (!summary) {
      expect(invoice, 'a PDF without e-invoice XML reads as null').toBeNull();
      return;
    }
    expect(invoice).not.toBeNull();
    const wrong = compareWithExpected(invoice!, summary, relative).filter((check) => !check.ok);
    expect(wrong).toEqual([]);
    expect(invoice!.kind).toBe(relative.toLowerCase().endsWith('.pdf') ? 'einvoice-pdf' : 'einvoice-xml');
  });

  const failing = present
    ? filesUnder(fixtures)
        .map((full) => path.relative(fixtures, full))
        .filter((relative) => relative.split(path.sep).includes('fail'))
    : [];

  it('has fail samples', () => expect(failing.length).toBeGreaterThan(0));

  it.each(failing)('refuses %s with a ReadingError', async (relative) => {
    const outcome = await read(relative).then(
      () => 'read',
      (error: unknown) => (isReadingError(error) ? error.code : `crash: ${String(error)}`),
    );
    expect(['malformed_xml', 'not_an_einvoice', 'unsupported_einvoice', 'broken_pdf', 'encrypted_pdf']).toContain(outcome);
  });
});
