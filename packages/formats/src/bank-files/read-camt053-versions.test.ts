/**
 * One statement per published camt.053 version, 001.02 to 001.13, each written in the shape
 * that version's schema requires, and read to the same amounts, parties, IBANs, BICs, dates,
 * remittance, codes and balances. What moved between versions (see SUPPORTED in
 * read-camt053.ts), written here as each version has it:
 * - `Ntry/Sts`: plain code up to 06, `<Cd>` inside from 07;
 * - `RltdPties/Dbtr|Cdtr`: `<Nm>` directly up to 06, `<Pty><Nm>` from 07;
 * - `FinInstnId`: `<BIC>` in 02 and 03, `<BICFI>` from 04;
 * - `TxDtls/Amt` with its `CdtDbtInd`: from 04 (02 and 03 give a batch part's amount only in
 *   `AmtDtls/TxAmt/Amt`); `Refs/UETR` from 08; `StmtPgntn` from 04.
 *
 * XSD: the files of 02, 04 and 08 are validated against the ISO schemas shipped in
 * sepa-credit-transfer/xsd, so their shape is proven. No XSD is available here for 03, 05,
 * 06, 07 and 09 to 13: the fixtures (fixtures/sepa-xsd/iso20022) hold only 02, 04 and 08, and
 * the one npm package about ISO 20022 in reach (iso20022.js) ships no schemas. Their files follow
 * the ISO message definitions of each version (element order and choices as published).
 */
import { describe, expect, it } from 'vitest';
import { validateSepaXml, type SepaSchema } from '../sepa-credit-transfer/validate-sepa-xml';
import type { Camt053Item, CamtTransaction } from './camt053-types';
import { readCamt053String } from './read-camt053';

const two = (version: number): string => String(version).padStart(2, '0');

const VERSIONS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map((version) => ({
  version,
  name: `camt.053.001.${two(version)}`,
}));
/** The versions whose ISO XSD is shipped (and in the fixtures). */
const WITH_XSD: ReadonlySet<string> = new Set(['camt.053.001.02', 'camt.053.001.04', 'camt.053.001.08']);

/** A three-day statement: a credit, a debit batch of two transfers, a pending card payment. */
function statementFile(version: number): string {
  const bic = version >= 4 ? 'BICFI' : 'BIC';
  const agent = (code: string): string => `<FinInstnId><${bic}>${code}</${bic}></FinInstnId>`;
  const status = (code: string): string => (version >= 7 ? `<Sts><Cd>${code}</Cd></Sts>` : `<Sts>${code}</Sts>`);
  const party = (name: string): string => (version >= 7 ? `<Pty><Nm>${name}</Nm></Pty>` : `<Nm>${name}</Nm>`);
  const uetr = (id: string): string => (version >= 8 ? `<UETR>${id}</UETR>` : '');
  // From 04 a transaction states its own amount (required up to 07); 02 and 03 only have AmtDtls.
  const ownAmount = (amount: string, creditDebit: string): string =>
    version >= 4
      ? `<Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${creditDebit}</CdtDbtInd>`
      : `<AmtDtls><TxAmt><Amt Ccy="EUR">${amount}</Amt></TxAmt></AmtDtls>`;
  const balance = (code: string, amount: string, date: string): string =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd>` +
    `<Dt>${date}</Dt></Bal>`;
  const transfer = (e2e: string, amount: string, name: string, iban: string, agentBic: string, text: string): string =>
    `<TxDtls><Refs><PmtInfId>PMT-2026-03-03</PmtInfId><EndToEndId>${e2e}</EndToEndId></Refs>${ownAmount(amount, 'DBIT')}
<RltdPties><Dbtr>${party('Muster GmbH')}</Dbtr><Cdtr>${party(name)}</Cdtr><CdtrAcct><Id><IBAN>${iban}</IBAN></Id></CdtrAcct></RltdPties>
<RltdAgts><CdtrAgt>${agent(agentBic)}</CdtrAgt></RltdAgts><RmtInf>${text}</RmtInf></TxDtls>`;

  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${two(version)}">
<BkToCstmrStmt>
<GrpHdr><MsgId>MSG-20260304-${two(version)}</MsgId><CreDtTm>2026-03-04T06:15:00+01:00</CreDtTm></GrpHdr>
<Stmt>
<Id>STMT-2026-03-V${two(version)}</Id>${version >= 4 ? '<StmtPgntn><PgNb>1</PgNb><LastPgInd>true</LastPgInd></StmtPgntn>' : ''}
<ElctrncSeqNb>57</ElctrncSeqNb><LglSeqNb>12</LglSeqNb><CreDtTm>2026-03-04T06:15:00+01:00</CreDtTm>
<FrToDt><FrDtTm>2026-03-01T00:00:00+01:00</FrDtTm><ToDtTm>2026-03-03T23:59:59+01:00</ToDtTm></FrToDt>
<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy><Ownr><Nm>Muster GmbH</Nm></Ownr><Svcr>${agent('COBADEFFXXX')}</Svcr></Acct>
${balance('OPBD', '10000.00', '<Dt>2026-02-28</Dt>')}
${balance('CLBD', '10949.50', '<Dt>2026-03-03</Dt>')}
${balance('CLAV', '10899.51', '<DtTm>2026-03-03T23:59:59+01:00</DtTm>')}
<Ntry><Amt Ccy="EUR">1250.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>${status('BOOK')}
<BookgDt><Dt>2026-03-02</Dt></BookgDt><ValDt><Dt>2026-03-02</Dt></ValDt><AcctSvcrRef>BANK-REF-1</AcctSvcrRef>
<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
<NtryDtls><TxDtls><Refs><EndToEndId>INV-2026-0042</EndToEndId>${uetr('e5b8c5f4-6f2d-4e9a-8f0b-3c2d1a4b5c6d')}</Refs>${ownAmount('1250.00', 'CRDT')}
<RltdPties><Dbtr>${party('Kunde KG')}</Dbtr><DbtrAcct><Id><IBAN>AT611904300234573201</IBAN></Id></DbtrAcct>
<Cdtr>${party('Muster GmbH')}</Cdtr><CdtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></CdtrAcct></RltdPties>
<RltdAgts><DbtrAgt>${agent('BKAUATWWXXX')}</DbtrAgt></RltdAgts>
<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf>
</TxDtls></NtryDtls><AddtlNtryInf>SEPA-Gutschrift</AddtlNtryInf></Ntry>
<Ntry><Amt Ccy="EUR">300.50</Amt><CdtDbtInd>DBIT</CdtDbtInd>${status('BOOK')}
<BookgDt><DtTm>2026-03-03T14:30:00+01:00</DtTm></BookgDt><ValDt><Dt>2026-03-03</Dt></ValDt><AcctSvcrRef>BANK-REF-2</AcctSvcrRef>
<BkTxCd><Prtry><Cd>NMSC+191</Cd><Issr>DK</Issr></Prtry></BkTxCd>
<NtryDtls><Btch><PmtInfId>PMT-2026-03-03</PmtInfId><NbOfTxs>2</NbOfTxs></Btch>
${transfer('RE-2026-17', '200.00', 'Lieferant AG', 'DE02120300000000202051', 'BYLADEM1001', '<Ustrd>Rechnung 4711</Ustrd><Ustrd>Kunde 42</Ustrd>')}
${transfer('RE-2026-18', '100.50', 'Büro Bedarf OHG', 'NL91ABNA0417164300', 'ABNANL2AXXX', '<Ustrd>RE 2026-18</Ustrd>')}
</NtryDtls></Ntry>
<Ntry><Amt Ccy="EUR">49.99</Amt><CdtDbtInd>DBIT</CdtDbtInd>${status('PDNG')}
<BookgDt><Dt>2026-03-04</Dt></BookgDt><ValDt><Dt>2026-03-05</Dt></ValDt>
<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>CCRD</Cd><SubFmlyCd>POSD</SubFmlyCd></Fmly></Domn></BkTxCd>
<AddtlNtryInf>Kartenzahlung</AddtlNtryInf></Ntry>
</Stmt>
</BkToCstmrStmt>
</Document>
`;
}

async function read(xml: string): Promise<Camt053Item[]> {
  const items: Camt053Item[] = [];
  for await (const item of readCamt053String(xml)) items.push(item);
  return items;
}

const transactionsOf = (items: Camt053Item[]): CamtTransaction[] =>
  items.flatMap((item) => (item.kind === 'transaction' ? [item.transaction] : []));

const BALANCES = [
  {
    type: 'OPBD',
    amount: { decimal: '10000.00', minorUnits: 1_000_000, currency: 'EUR' },
    creditDebit: 'CRDT',
    date: '2026-02-28',
  },
  {
    type: 'CLBD',
    amount: { decimal: '10949.50', minorUnits: 1_094_950, currency: 'EUR' },
    creditDebit: 'CRDT',
    date: '2026-03-03',
  },
  {
    type: 'CLAV',
    amount: { decimal: '10899.51', minorUnits: 1_089_951, currency: 'EUR' },
    creditDebit: 'CRDT',
    date: '2026-03-03',
  },
];

describe('camt.053 in every published version', () => {
  it.each(VERSIONS.filter(({ name }) => WITH_XSD.has(name)))(
    'the $name file is valid against its ISO XSD',
    async ({ version, name }) => {
      const result = await validateSepaXml(statementFile(version), name as SepaSchema);
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
    },
    20_000,
  );

  it.each(VERSIONS)('reads $name', async ({ version }) => {
    const items = await read(statementFile(version));
    expect(items[0]).toMatchObject({ kind: 'document', message: 'camt.053', version: `001.${two(version)}` });
    expect(items.filter((item) => item.kind === 'warning' || item.kind === 'skipped')).toEqual([]);

    const kinds = items.map((item) => item.kind);
    expect(kinds).toEqual([
      'document',
      'statementStart',
      'transaction',
      'transaction',
      'transaction',
      'transaction',
      'statement',
    ]);
    const header = {
      index: 0,
      id: `STMT-2026-03-V${two(version)}`,
      electronicSequenceNumber: '57',
      legalSequenceNumber: '12',
      createdAt: '2026-03-04T06:15:00+01:00',
      period: { from: '2026-03-01', to: '2026-03-03' },
      account: { iban: 'DE89370400440532013000', otherId: null, currency: 'EUR' },
      balances: BALANCES,
    };
    expect(items[1]).toEqual({ kind: 'statementStart', statement: header });
    expect(items.at(-1)).toEqual({ kind: 'statement', statement: { ...header, entryCount: 3, skippedEntryCount: 0 } });

    const [credit, partA, partB, pending] = transactionsOf(items);
    expect(credit).toMatchObject({
      statementId: header.id,
      accountIban: 'DE89370400440532013000',
      amount: { decimal: '1250.00', minorUnits: 125_000, currency: 'EUR' },
      creditDebit: 'CRDT',
      endToEndId: 'INV-2026-0042',
      bankReference: 'BANK-REF-1',
      remittance: { unstructured: null, creditorReference: 'RF18539007547034' },
      counterparty: { name: 'Kunde KG', iban: 'AT611904300234573201', bic: 'BKAUATWWXXX' },
      entry: {
        index: 0,
        status: 'BOOK',
        bookingDate: '2026-03-02',
        valueDate: '2026-03-02',
        batch: false,
        additionalInfo: 'SEPA-Gutschrift',
        bankTransactionCode: 'PMNT-RCDT-ESCT',
      },
    });
    const batchEntry = {
      index: 1,
      amount: { decimal: '300.50', minorUnits: 30_050, currency: 'EUR' },
      creditDebit: 'DBIT',
      status: 'BOOK',
      bookingDate: '2026-03-03',
      valueDate: '2026-03-03',
      bankReference: 'BANK-REF-2',
      batch: true,
      additionalInfo: null,
      bankTransactionCode: 'NMSC+191',
    };
    expect(partA).toMatchObject({
      transactionIndex: 0,
      amount: { decimal: '200.00', minorUnits: 20_000, currency: 'EUR' },
      creditDebit: 'DBIT',
      endToEndId: 'RE-2026-17',
      remittance: { unstructured: 'Rechnung 4711 Kunde 42', creditorReference: null },
      counterparty: { name: 'Lieferant AG', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' },
      entry: batchEntry,
    });
    expect(partB).toMatchObject({
      transactionIndex: 1,
      amount: { decimal: '100.50', minorUnits: 10_050, currency: 'EUR' },
      endToEndId: 'RE-2026-18',
      remittance: { unstructured: 'RE 2026-18', creditorReference: null },
      counterparty: { name: 'Büro Bedarf OHG', iban: 'NL91ABNA0417164300', bic: 'ABNANL2AXXX' },
      entry: batchEntry,
    });
    expect(pending).toMatchObject({
      amount: { decimal: '49.99', minorUnits: 4999 },
      creditDebit: 'DBIT',
      endToEndId: null,
      counterparty: { name: null, iban: null, bic: null },
      remittance: { unstructured: null, creditorReference: null },
      entry: {
        index: 2,
        status: 'PDNG',
        bookingDate: '2026-03-04',
        valueDate: '2026-03-05',
        additionalInfo: 'Kartenzahlung',
        bankTransactionCode: 'PMNT-CCRD-POSD',
      },
    });

    // The booked entries lead from the opening to the closing balance.
    const booked = [credit!.entry, partA!.entry].reduce(
      (sum, entry) => sum + (entry.creditDebit === 'CRDT' ? 1 : -1) * entry.amount.minorUnits!,
      BALANCES[0]!.amount.minorUnits,
    );
    expect(booked).toBe(BALANCES[1]!.amount.minorUnits);
  });
});
