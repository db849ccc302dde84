/**
 * Every generated file validates against its shipped ISO 20022 XSD (always runs), and — as a
 * conformance check against the German banks' DK GBIC variants from the shared fixtures — against
 * those too (skipped without fixtures).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixtureOrNull } from './fixtures-path';
import type { Pain001Version, PaymentBatch } from './payment-batch';
import { IBAN, batch, payment } from './test-batches';
import { validateSepaXml } from './validate-sepa-xml';
import { writePain001 } from './write-pain001';

const VERSIONS: Pain001Version[] = ['pain.001.001.09', 'pain.001.001.03'];

const samples: Record<string, PaymentBatch> = {
  'one debtor, one payment': batch([payment()]),
  'two debtors, two dates, with and without BIC': batch([
    payment({ endToEndId: 'A1' }),
    payment({ endToEndId: 'A2', requestedExecutionDate: '2026-12-05', creditor: { name: 'Ohne BIC', iban: IBAN.creditor2 } }),
    payment({ endToEndId: 'B1', debtor: { name: 'Zweitkonto', iban: IBAN.debtorB } }),
  ]),
  'no remittance information': batch([payment({ remittanceInformation: '' })]),
  'special characters everywhere': batch(
    [
      payment({
        endToEndId: "E2E/(1)+?:.,'-",
        debtor: { name: 'Bäcker & Söhne <Wien> "Ost"', iban: IBAN.debtorA },
        creditor: { name: 'Łódź Café Ærø ß €', iban: IBAN.creditor1, bic: null },
        remittanceInformation: 'RE 42 – März; 50% @ <x>',
      }),
    ],
    { initiatingPartyName: 'Großhandel Özdemir & Co. KG', createdAt: '2026-11-21T09:30:00.123+01:00' },
  ),
};

const tenThousand = batch(
  Array.from({ length: 10_000 }, (_, i) =>
    payment({
      endToEndId: `E2E-${i}`,
      amountCents: 1 + ((i * 7919) % 5_000_000),
      requestedExecutionDate: `2026-12-${String(1 + (i % 28)).padStart(2, '0')}`,
      debtor:
        Math.floor(i / 28) % 2 === 0
          ? { name: 'Konto A', iban: IBAN.debtorA, bic: 'COBADEFFXXX' }
          : { name: 'Konto B', iban: IBAN.debtorB },
      remittanceInformation: `Rechnung ${i} Müller`,
    }),
  ),
);

describe.each(VERSIONS)('generated %s validates against the ISO XSD', (version) => {
  it.each(Object.entries(samples))('%s', async (_label, input) => {
    const result = await validateSepaXml(writePain001(input, { version }), version);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('10,000 transactions over 2 debtors and 28 dates', async () => {
    const xml = writePain001(tenThousand, { version });
    expect(xml.match(/<PmtInf>/g)).toHaveLength(56);
    const result = await validateSepaXml(xml, version);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  }, 30_000);

  it('the other version’s XSD refuses it (the check is real)', async () => {
    const other = VERSIONS.find((candidate) => candidate !== version)!;
    const result = await validateSepaXml(writePain001(samples['one debtor, one payment']!, { version }), other);
    expect(result.valid).toBe(false);
    expect(result.errors.length).toBeGreaterThan(0);
  });
});

const GBIC: Record<Pain001Version, string> = {
  'pain.001.001.09': 'sepa-xsd/dk-gbic/pain.001.001.09_GBIC_4.xsd',
  'pain.001.001.03': 'sepa-xsd/dk-gbic/pain.001.001.03_GBIC.xsd',
};

describe.each(VERSIONS)('generated %s against the DK GBIC XSD (fixtures conformance)', (version) => {
  const xsdPath = fixtureOrNull(GBIC[version], `DK GBIC check for ${version}`);
  const gbic = xsdPath ? { fileName: 'gbic.xsd', contents: readFileSync(xsdPath, 'utf8') } : null;

  it.skipIf(!gbic).each([...Object.entries(samples), ['10,000 transactions', tenThousand] as const])(
    '%s',
    async (_label, input) => {
      const result = await validateSepaXml(writePain001(input, { version }), gbic!);
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
    },
    30_000,
  );
});
