/**
 * validateSepaXml agrees with fixtures/XSD_VALIDATION_STATUS.json for every pain.001 and
 * camt.053 file listed there whose message version has a shipped XSD. Entries for versions we
 * do not ship (pain.001.001.04/.06/.07/.10, pain.001.002.03, pain.001.003.03, the Swiss
 * .ch.02) are listed and skipped by name, so a new fixture cannot go unnoticed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureOrNull, fixturesDir } from './fixtures-path';
import { SEPA_SCHEMAS, validateSepaXml, type SepaSchema, type SepaValidationResult } from './validate-sepa-xml';

interface StatusEntry {
  message?: string;
  result: string;
  xsd: string | null;
  /** The German banks' DK GBIC variant, recorded for the pain.001 files it applies to. */
  dk_gbic_result?: string;
  dk_gbic_xsd?: string;
}

const statusFile = fixtureOrNull('XSD_VALIDATION_STATUS.json', 'SEPA XSD conformance');
const status: Record<string, StatusEntry> = statusFile ? JSON.parse(readFileSync(statusFile, 'utf8')) : {};

const isShipped = (message: string | undefined): message is SepaSchema =>
  (SEPA_SCHEMAS as readonly string[]).includes(message ?? '');

const sepaEntries = Object.entries(status).filter(([file]) => file.startsWith('pain001/') || file.startsWith('camt053/'));
const checked = sepaEntries.filter(([, entry]) => isShipped(entry.message));
const notShipped = sepaEntries.filter(([, entry]) => !isShipped(entry.message)).map(([file]) => file);

describe.skipIf(!statusFile)('validateSepaXml agrees with XSD_VALIDATION_STATUS.json', () => {
  it('covers the pain.001 and camt.053 fixtures', () => {
    expect(checked.filter(([file]) => file.startsWith('pain001/')).length).toBeGreaterThanOrEqual(5);
    expect(checked.filter(([file]) => file.startsWith('camt053/')).length).toBeGreaterThanOrEqual(19);
    // The expected XSD of each checked entry is the one we ship under the same name.
    for (const [, entry] of checked) expect(entry.xsd).toBe(`sepa-xsd/iso20022/${entry.message}.xsd`);
  });

  it('skips only versions without a shipped XSD', () => {
    expect(notShipped.sort()).toEqual(
      [
        'pain001/php-sepa-xml/pain.001.001.04.xml',
        'pain001/php-sepa-xml/pain.001.001.06.xml',
        'pain001/php-sepa-xml/pain.001.001.07.xml',
        'pain001/php-sepa-xml/pain.001.001.10.xml',
        'pain001/php-sepa-xml/pain.001.002.03.xml',
        'pain001/php-sepa-xml/pain.001.003.03.xml',
        'pain001/sepa_king/pain.001.001.03.ch.02.xml',
      ].sort(),
    );
  });

  it.each(checked)(
    '%s',
    async (file, entry) => {
      const xml = readFileSync(path.join(fixturesDir, file), 'utf8');
      expectAgreement(await validateSepaXml(xml, entry.message as SepaSchema), entry.result);
    },
    20_000,
  );

  // The custom-schema path of validateSepaXml, against the DK GBIC XSDs from the fixtures.
  const gbicEntries = sepaEntries.filter(([, entry]) => entry.dk_gbic_xsd && entry.dk_gbic_result);
  it.each(gbicEntries)(
    '%s against DK GBIC',
    async (file, entry) => {
      const xml = readFileSync(path.join(fixturesDir, file), 'utf8');
      const contents = readFileSync(path.join(fixturesDir, entry.dk_gbic_xsd!), 'utf8');
      expectAgreement(await validateSepaXml(xml, { fileName: 'gbic.xsd', contents }), entry.dk_gbic_result!);
    },
    20_000,
  );
});

function expectAgreement(result: SepaValidationResult, expected: string): void {
  if (expected === 'valid') {
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    return;
  }
  expect(result.valid).toBe(false);
  // "invalid: element X: <xmllint message, cut>": our first error must be that message.
  const expectedStart = expected.replace(/^invalid: element [^:]+: /, '').slice(0, 80);
  expect(result.errors[0]).toContain(expectedStart);
}
