/**
 * One credit transfer file per published pain.001 version, 001.03 to 001.12, and the German DK
 * variants 002.03 and 003.03, each written in the shape that version's schema requires and
 * read to the same payments. What moved between versions (see SUPPORTED in read-pain001.ts):
 * - `FinInstnId`: `<BIC>` in 001.03 and the DK variants, `<BICFI>` from 001.04;
 * - `ReqdExctnDt`: a plain date up to 001.07, `<Dt>` inside from 001.08;
 * - `PmtId/UETR` from 001.09; a creditor agent is required in 002.03 (before "IBAN only").
 *
 * XSD: 001.03 and 001.09 are validated against the ISO schemas shipped in
 * sepa-credit-transfer/xsd, 003.03 against the DK schema in fixtures/sepa-xsd/iso20022 (when the
 * fixtures are present). No XSD is available here for 001.04 to 001.08, 001.10 to 001.12 and
 * 002.03: the fixtures hold only those three, and the one npm package about ISO 20022 in reach
 * (iso20022.js) ships no schemas. Their files follow the ISO message definitions of each version.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixtureOrNull } from '../sepa-credit-transfer/fixtures-path';
import { validateSepaXml, type CustomSchema, type SepaSchema } from '../sepa-credit-transfer/validate-sepa-xml';
import type { Pain001Item, PainTransaction } from './pain001-types';
import { readPain001String } from './read-pain001';

const VERSIONS = [
  '001.03',
  '001.04',
  '001.05',
  '001.06',
  '001.07',
  '001.08',
  '001.09',
  '001.10',
  '001.11',
  '001.12',
  '002.03',
  '003.03',
].map((version) => ({ version, name: `pain.001.${version}` }));

const dkSchemaFile = fixtureOrNull('sepa-xsd/iso20022/pain.001.003.03.xsd', 'pain.001.003.03 XSD check');

/** The schema each version is checked against; versions without one are listed in the comment above. */
function schemaOf(name: string): SepaSchema | CustomSchema | null {
  if (name === 'pain.001.001.03' || name === 'pain.001.001.09') return name;
  if (name === 'pain.001.003.03' && dkSchemaFile)
    return { fileName: 'pain.001.003.03.xsd', contents: readFileSync(dkSchemaFile, 'utf8') };
  return null;
}

const minor = (version: string): number => Number(version.slice(4));
const isIso = (version: string): boolean => version.startsWith('001.');

/** Two payment blocks: a batch of two transfers on 6 March, one rent payment on 10 March. */
function creditTransferFile(version: string): string {
  const bic = isIso(version) && minor(version) >= 4 ? 'BICFI' : 'BIC';
  const agent = (code: string): string => `<FinInstnId><${bic}>${code}</${bic}></FinInstnId>`;
  const date = (day: string): string =>
    isIso(version) && minor(version) >= 8 ? `<ReqdExctnDt><Dt>${day}</Dt></ReqdExctnDt>` : `<ReqdExctnDt>${day}</ReqdExctnDt>`;
  const uetr = (id: string): string => (isIso(version) && minor(version) >= 9 ? `<UETR>${id}</UETR>` : '');
  // IBAN-only payments (no creditor agent) are allowed everywhere but in 002.03.
  const creditorAgent = (code: string): string => (version === '002.03' ? `<CdtrAgt>${agent(code)}</CdtrAgt>` : '');
  const header = (id: string, count: number, sum: string, day: string): string =>
    `<PmtInfId>${id}</PmtInfId><PmtMtd>TRF</PmtMtd><BtchBookg>true</BtchBookg><NbOfTxs>${count}</NbOfTxs><CtrlSum>${sum}</CtrlSum>
<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>${date(day)}
<Dbtr><Nm>Muster GmbH</Nm></Dbtr><DbtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></DbtrAcct>
<DbtrAgt>${agent('COBADEFFXXX')}</DbtrAgt><ChrgBr>SLEV</ChrgBr>`;

  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.${version}">
<CstmrCdtTrfInitn>
<GrpHdr><MsgId>MSG-2026-03-05-1</MsgId><CreDtTm>2026-03-05T09:00:00</CreDtTm><NbOfTxs>3</NbOfTxs><CtrlSum>1890.75</CtrlSum>
<InitgPty><Nm>Muster GmbH</Nm></InitgPty></GrpHdr>
<PmtInf>${header('PMT-2026-03-06', 2, '1640.75', '2026-03-06')}
<CdtTrfTxInf><PmtId><InstrId>INSTR-1</InstrId><EndToEndId>RE-2026-17</EndToEndId>${uetr('0f3e4c2a-9b7d-4c1e-a2f5-6d8b9c0e1f2a')}</PmtId>
<Amt><InstdAmt Ccy="EUR">1500.00</InstdAmt></Amt><CdtrAgt>${agent('BYLADEM1001')}</CdtrAgt>
<Cdtr><Nm>Lieferant AG</Nm></Cdtr><CdtrAcct><Id><IBAN>DE02120300000000202051</IBAN></Id></CdtrAcct>
<RmtInf><Ustrd>Rechnung RE-2026-17 vom 01.03.2026</Ustrd></RmtInf></CdtTrfTxInf>
<CdtTrfTxInf><PmtId><EndToEndId>RE-2026-18</EndToEndId></PmtId>
<Amt><InstdAmt Ccy="EUR">140.75</InstdAmt></Amt>${creditorAgent('BKAUATWWXXX')}
<Cdtr><Nm>Büro Bedarf OHG</Nm></Cdtr><CdtrAcct><Id><IBAN>AT611904300234573201</IBAN></Id></CdtrAcct>
<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf></CdtTrfTxInf>
</PmtInf>
<PmtInf>${header('PMT-2026-03-10', 1, '250.00', '2026-03-10')}
<CdtTrfTxInf><PmtId><EndToEndId>MIETE-2026-03</EndToEndId></PmtId>
<Amt><InstdAmt Ccy="EUR">250.00</InstdAmt></Amt><CdtrAgt>${agent('ABNANL2AXXX')}</CdtrAgt>
<Cdtr><Nm>Vastgoed Beheer BV</Nm></Cdtr><CdtrAcct><Id><IBAN>NL91ABNA0417164300</IBAN></Id></CdtrAcct>
<RmtInf><Ustrd>Miete Lager März 2026</Ustrd></RmtInf></CdtTrfTxInf>
</PmtInf>
</CstmrCdtTrfInitn>
</Document>
`;
}

async function read(xml: string): Promise<Pain001Item[]> {
  const items: Pain001Item[] = [];
  for await (const item of readPain001String(xml)) items.push(item);
  return items;
}

const transactionsOf = (items: Pain001Item[]): PainTransaction[] =>
  items.flatMap((item) => (item.kind === 'transaction' ? [item.transaction] : []));

const DEBTOR = { name: 'Muster GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };

describe('pain.001 in every published version', () => {
  it.each(VERSIONS.filter(({ name }) => schemaOf(name) !== null))(
    'the $name file is valid against its XSD',
    async ({ version, name }) => {
      const result = await validateSepaXml(creditTransferFile(version), schemaOf(name)!);
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
    },
    20_000,
  );

  it.each(VERSIONS)('reads $name', async ({ version, name }) => {
    const items = await read(creditTransferFile(version));
    expect(items[0]).toEqual({
      kind: 'document',
      message: 'pain.001',
      version,
      namespace: `urn:iso:std:iso:20022:tech:xsd:${name}`,
    });
    expect(items[1]).toEqual({
      kind: 'groupHeader',
      groupHeader: {
        messageId: 'MSG-2026-03-05-1',
        creationDateTime: '2026-03-05T09:00:00',
        numberOfTransactions: 3,
        controlSum: '1890.75',
      },
    });
    expect(items.filter((item) => item.kind === 'warning' || item.kind === 'skipped')).toEqual([]);

    const first = { index: 0, id: 'PMT-2026-03-06', debtor: DEBTOR, requestedExecutionDate: '2026-03-06' };
    const second = { index: 1, id: 'PMT-2026-03-10', debtor: DEBTOR, requestedExecutionDate: '2026-03-10' };
    const [invoice, supplies, rent] = transactionsOf(items);
    expect(invoice).toMatchObject({
      paymentInfo: first,
      index: 0,
      endToEndId: 'RE-2026-17',
      instructionId: 'INSTR-1',
      amount: { decimal: '1500.00', minorUnits: 150_000, currency: 'EUR' },
      creditor: { name: 'Lieferant AG', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', otherAccountId: null },
      remittance: { unstructured: 'Rechnung RE-2026-17 vom 01.03.2026', creditorReference: null },
    });
    expect(supplies).toMatchObject({
      paymentInfo: first,
      index: 1,
      endToEndId: 'RE-2026-18',
      instructionId: null,
      amount: { decimal: '140.75', minorUnits: 14_075, currency: 'EUR' },
      creditor: {
        name: 'Büro Bedarf OHG',
        iban: 'AT611904300234573201',
        bic: version === '002.03' ? 'BKAUATWWXXX' : null,
        otherAccountId: null,
      },
      remittance: { unstructured: null, creditorReference: 'RF18539007547034' },
    });
    expect(rent).toMatchObject({
      paymentInfo: second,
      index: 0,
      endToEndId: 'MIETE-2026-03',
      amount: { decimal: '250.00', minorUnits: 25_000, currency: 'EUR' },
      creditor: { name: 'Vastgoed Beheer BV', iban: 'NL91ABNA0417164300', bic: 'ABNANL2AXXX' },
      remittance: { unstructured: 'Miete Lager März 2026', creditorReference: null },
    });

    const blocks = items.flatMap((item) => (item.kind === 'paymentInfo' ? [item.paymentInfo] : []));
    expect(blocks).toEqual([
      {
        ...first,
        declaredNumberOfTransactions: 2,
        declaredControlSum: '1640.75',
        transactionCount: 2,
        skippedCount: 0,
        computedSum: '1640.75',
      },
      {
        ...second,
        declaredNumberOfTransactions: 1,
        declaredControlSum: '250.00',
        transactionCount: 1,
        skippedCount: 0,
        computedSum: '250.00',
      },
    ]);
  });
});
