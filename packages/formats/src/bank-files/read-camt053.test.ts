import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fixtureOrNull } from '../sepa-credit-transfer/fixtures-path';
import { BankFileError } from './bank-file-error';
import type { Camt053Item, CamtStatementHeader, CamtTransaction } from './camt053-types';
import { readCamt053, readCamt053String } from './read-camt053';
import type { Progress } from './read-items';

const NS = (version: string): string => `urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}`;

/** A statement with the given entries, in the shape of the 02 schema unless noted. */
function camt(entries: string, version = '02'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="${NS(version)}"><BkToCstmrStmt>
<GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-01-31T18:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S1</Id>
<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-01</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">25.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><Dt><DtTm>2026-01-31T23:59:59+01:00</DtTm></Dt></Bal>
${entries}
</Stmt></BkToCstmrStmt></Document>`;
}

function entry(inner: string, amount = '<Amt Ccy="EUR">12.34</Amt>'): string {
  return `<Ntry>${amount}<CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>2026-01-15</Dt></BookgDt><ValDt><Dt>2026-01-16</Dt></ValDt><AcctSvcrRef>REF-1</AcctSvcrRef>
${inner}</Ntry>`;
}

const details = (inner: string): string => `<NtryDtls><TxDtls>${inner}</TxDtls></NtryDtls>`;

const PAYEE = `<RltdPties><Dbtr><Nm>Us GmbH</Nm></Dbtr><Cdtr><Nm>Lieferant AG</Nm></Cdtr>
<CdtrAcct><Id><IBAN>DE02120300000000202051</IBAN></Id></CdtrAcct></RltdPties>`;

async function read(xml: string): Promise<Camt053Item[]> {
  const items: Camt053Item[] = [];
  for await (const item of readCamt053String(xml)) items.push(item);
  return items;
}

const transactionsOf = (items: Camt053Item[]): CamtTransaction[] =>
  items.flatMap((item) => (item.kind === 'transaction' ? [item.transaction] : []));
const skippedOf = (items: Camt053Item[]) => items.flatMap((item) => (item.kind === 'skipped' ? [item] : []));

describe('readCamt053', () => {
  it('reads a statement, its balances and an entry with counterparty and remittance', async () => {
    const items = await read(
      camt(
        entry(
          details(`<Refs><EndToEndId>E2E-7</EndToEndId></Refs>${PAYEE}
<RmtInf><Ustrd>Rechnung 4711</Ustrd><Ustrd>Kunde 42</Ustrd></RmtInf>`),
        ),
      ),
    );
    expect(items[0]).toEqual({ kind: 'document', message: 'camt.053', version: '001.02', namespace: NS('02') });
    const [transaction] = transactionsOf(items);
    expect(transaction).toMatchObject({
      statementId: 'S1',
      accountIban: 'DE89370400440532013000',
      amount: { decimal: '12.34', minorUnits: 1234, currency: 'EUR' },
      creditDebit: 'DBIT',
      endToEndId: 'E2E-7',
      bankReference: 'REF-1',
      remittance: { unstructured: 'Rechnung 4711 Kunde 42', creditorReference: null },
      counterparty: { name: 'Lieferant AG', iban: 'DE02120300000000202051' },
      entry: { status: 'BOOK', bookingDate: '2026-01-15', valueDate: '2026-01-16', batch: false },
    });
    const statement = items.find((item) => item.kind === 'statement');
    expect(statement).toMatchObject({
      statement: {
        id: 'S1',
        account: { iban: 'DE89370400440532013000', currency: 'EUR' },
        entryCount: 1,
        balances: [
          { type: 'OPBD', amount: { minorUnits: 10000 }, creditDebit: 'CRDT', date: '2026-01-01' },
          { type: 'CLBD', amount: { minorUnits: 2550 }, creditDebit: 'DBIT', date: '2026-01-31' },
        ],
      },
    });
    // The statement comes after its transactions, so its counts are final.
    expect(items.findIndex((item) => item.kind === 'statement')).toBeGreaterThan(
      items.findIndex((item) => item.kind === 'transaction'),
    );
  });

  it('takes the debtor as counterparty of a credit, and reads 08 (Sts/Cd, Pty, DtTm)', async () => {
    const xml = camt(
      `<Ntry><Amt Ccy="EUR">50</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>PDNG</Cd></Sts>
<BookgDt><DtTm>2026-02-03T10:00:00</DtTm></BookgDt>
${details(`<RltdPties><Dbtr><Pty><Nm>Kunde KG</Nm></Pty></Dbtr><DbtrAcct><Id><IBAN>AT61 1904 3002 3457 3201</IBAN></Id></DbtrAcct>
<Cdtr><Pty><Nm>Us GmbH</Nm></Pty></Cdtr></RltdPties>
<RmtInf><Strd><CdtrRefInf><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf>`)}</Ntry>`,
      '08',
    );
    const [transaction] = transactionsOf(await read(xml));
    expect(transaction).toMatchObject({
      creditDebit: 'CRDT',
      counterparty: { name: 'Kunde KG', iban: 'AT611904300234573201' },
      remittance: { unstructured: null, creditorReference: 'RF18539007547034' },
      entry: { status: 'PDNG', bookingDate: '2026-02-03', valueDate: null },
      amount: { decimal: '50', minorUnits: 5000 },
    });
  });

  it('yields one transaction per TxDtls of a batch entry, with their own amounts', async () => {
    const tx = (amount: string, e2e: string): string =>
      `<TxDtls><Refs><EndToEndId>${e2e}</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="EUR">${amount}</Amt></TxAmt></AmtDtls>${PAYEE}</TxDtls>`;
    const items = await read(
      camt(
        entry(`<NtryDtls><Btch><NbOfTxs>3</NbOfTxs></Btch>${tx('10.00', 'A')}${tx('2.00', 'B')}${tx('0.34', 'C')}</NtryDtls>`),
      ),
    );
    const transactions = transactionsOf(items);
    expect(transactions.map((t) => [t.endToEndId, t.amount.minorUnits, t.transactionIndex, t.entry.batch])).toEqual([
      ['A', 1000, 0, true],
      ['B', 200, 1, true],
      ['C', 34, 2, true],
    ]);
    expect(new Set(transactions.map((t) => t.entry.amount.minorUnits))).toEqual(new Set([1234]));
  });

  it('skips a batch transaction without its own amount, keeping the others', async () => {
    const items = await read(
      camt(entry(`<NtryDtls><TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">12.34</Amt></TxAmt></AmtDtls></TxDtls><TxDtls/></NtryDtls>`)),
    );
    expect(transactionsOf(items)).toHaveLength(1);
    expect(skippedOf(items)).toMatchObject([{ reason: 'missing_amount', position: { entryIndex: 0, transactionIndex: 1 } }]);
  });

  it('keeps five decimals exactly: minor units only when representable', async () => {
    const items = await read(
      camt(
        entry('', '<Amt Ccy="EUR">8.85000</Amt>') +
          entry('', '<Amt Ccy="EUR">0.00001</Amt>') +
          entry('', '<Amt Ccy="JPY">2700</Amt>'),
      ),
    );
    expect(transactionsOf(items).map((t) => t.amount)).toEqual([
      { decimal: '8.85000', minorUnits: 885, currency: 'EUR' },
      { decimal: '0.00001', minorUnits: null, currency: 'EUR' },
      // Minor units follow the currency, as money.ts does: yen have no decimals.
      { decimal: '2700', minorUnits: 2700, currency: 'JPY' },
    ]);
  });

  it('skips entries with missing amount, bad date or no indicator, and reads the rest', async () => {
    const items = await read(
      camt(
        entry('', '') +
          entry('', '<Amt Ccy="EUR">abc</Amt>') +
          entry('', '<Amt Ccy="EURO">1.00</Amt>') +
          entry('').replace('2026-01-15', '2026-02-30') +
          entry('').replace('<CdtDbtInd>DBIT</CdtDbtInd>', '') +
          entry('', '<Amt>7,50</Amt>'),
      ),
    );
    expect(skippedOf(items).map((item) => [item.reason, item.position.entryIndex])).toEqual([
      ['missing_amount', 0],
      ['malformed_amount', 1],
      ['invalid_currency', 2],
      ['malformed_date', 3],
      ['missing_credit_debit', 4],
    ]);
    // Without Ccy the account currency is meant; a decimal comma is read as such.
    expect(transactionsOf(items).map((t) => t.amount)).toEqual([{ decimal: '7.50', minorUnits: 750, currency: 'EUR' }]);
    expect(items.find((item) => item.kind === 'statement')).toMatchObject({
      statement: { entryCount: 6, skippedEntryCount: 5 },
    });
  });

  it('drops a counterparty IBAN failing its checksum with a warning, keeping the booking', async () => {
    const items = await read(camt(entry(details(PAYEE.replace('DE02120300000000202051', 'DE02120300000000202052')))));
    expect(transactionsOf(items)[0]?.counterparty).toEqual({ name: 'Lieferant AG', iban: null, bic: null });
    expect(items).toContainEqual(expect.objectContaining({ kind: 'warning', code: 'invalid_iban' }));
  });

  it('repairs stray "<", "&" and control characters in text, with a warning', async () => {
    const text = '<AddtlNtryInf>Betrag < 10 & A&amp;B \u0001GmbH</AddtlNtryInf>';
    const items = await read(camt(entry(text)));
    expect(transactionsOf(items)[0]?.entry.additionalInfo).toBe('Betrag < 10 & A&B GmbH');
    expect(items).toContainEqual(expect.objectContaining({ kind: 'warning', code: 'markup_repaired' }));
    expect(skippedOf(items)).toEqual([]);
  });

  it('survives a broken tag in the middle: that entry is skipped, later entries are read', async () => {
    const broken = entry('').replace('<CdtDbtInd>DBIT</CdtDbtInd>', '<CdtDbtInd>DBIT</CdtDbtIn>');
    const items = await read(camt(entry('') + broken + entry('', '<Amt Ccy="EUR">3.00</Amt>')));
    expect(transactionsOf(items).map((t) => [t.entry.index, t.amount.decimal])).toEqual([
      [0, '12.34'],
      [2, '3.00'],
    ]);
    expect(skippedOf(items)).toMatchObject([{ reason: 'malformed_xml', position: { entryIndex: 1 } }]);
    expect(items).toContainEqual(expect.objectContaining({ kind: 'warning', code: 'xml_error' }));
    expect(items.find((item) => item.kind === 'statement')).toMatchObject({ statement: { id: 'S1', entryCount: 3 } });
  });

  it('reports a truncated file: the cut entry is skipped, the statement still ends', async () => {
    const xml = camt(entry('') + entry('', '<Amt Ccy="EUR">3.00</Amt>'));
    const items = await read(xml.slice(0, xml.lastIndexOf('<ValDt>')));
    expect(transactionsOf(items)).toHaveLength(1);
    expect(skippedOf(items)).toMatchObject([{ reason: 'malformed_xml', position: { entryIndex: 1 } }]);
    expect(items.at(-1)).toMatchObject({ kind: 'statement', statement: { entryCount: 2, skippedEntryCount: 1 } });
  });

  it('reads several statements in one file', async () => {
    const one = camt(entry(''));
    const stmt = /<Stmt>[\s\S]*<\/Stmt>/.exec(one)![0];
    const items = await read(one.replace(stmt, stmt + stmt.replace('<Id>S1</Id>', '<Id>S2</Id>')));
    expect(items.flatMap((item) => (item.kind === 'statement' ? [item.statement.id] : []))).toEqual(['S1', 'S2']);
    expect(transactionsOf(items).map((t) => [t.statementIndex, t.statementId])).toEqual([
      [0, 'S1'],
      [1, 'S2'],
    ]);
  });

  it('refuses what is not a camt.053 with a typed error', async () => {
    const codeOf = async (xml: string): Promise<string> => {
      try {
        await read(xml);
        return 'no error';
      } catch (error) {
        return error instanceof BankFileError ? error.code : `untyped: ${String(error)}`;
      }
    };
    expect(await codeOf('%PDF-1.7 not xml at all')).toBe('not_xml');
    expect(await codeOf('')).toBe('not_xml');
    expect(await codeOf('<Document xmlns="urn:example:other"><BkToCstmrStmt/></Document>')).toBe('unknown_namespace');
    // The reader knows 02 to 13 (issue 61); a later version is refused until it has been checked.
    expect(await codeOf(camt('', '14'))).toBe('unsupported_version');
    expect(await codeOf(camt('').replaceAll('camt.053', 'camt.052'))).toBe('unexpected_message');
    expect(await codeOf('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"/>')).toBe('unexpected_message');
  });

  it('reports progress in bytes of the known total, from byte chunks split mid-character', async () => {
    const bytes = new TextEncoder().encode(camt(entry(details('<RmtInf><Ustrd>Müller Ärger Größe</Ustrd></RmtInf>'))));
    async function* chunks(): AsyncGenerator<Uint8Array> {
      for (let start = 0; start < bytes.length; start += 7) yield bytes.subarray(start, start + 7);
    }
    const progress: Progress[] = [];
    const items: Camt053Item[] = [];
    for await (const item of readCamt053(chunks(), { totalBytes: bytes.length, onProgress: (p) => progress.push(p) })) {
      items.push(item);
    }
    expect(progress.length).toBe(Math.ceil(bytes.length / 7));
    expect(progress.map((p) => p.bytesRead)).toEqual([...progress.map((p) => p.bytesRead)].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual({ bytesRead: bytes.length, totalBytes: bytes.length });
    expect(transactionsOf(items)[0]?.remittance.unstructured).toBe('Müller Ärger Größe');
  });

  it('accepts a web ReadableStream and a Node Readable as source', async () => {
    const xml = camt(entry(''));
    const bytes = new TextEncoder().encode(xml);
    const web = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, 100));
        controller.enqueue(bytes.subarray(100));
        controller.close();
      },
    });
    const fromWeb: Camt053Item[] = [];
    for await (const item of readCamt053(web)) fromWeb.push(item);
    const fromNode: Camt053Item[] = [];
    for await (const item of readCamt053(Readable.from([Buffer.from(bytes)]))) fromNode.push(item);
    expect(transactionsOf(fromWeb)).toHaveLength(1);
    expect(fromNode).toEqual(fromWeb);
  });

  it('reads ISO-8859-1 files as declared', async () => {
    const xml = camt(entry(details('<RmtInf><Ustrd>Gebühr</Ustrd></RmtInf>'))).replace('UTF-8', 'ISO-8859-1');
    const bytes = Uint8Array.from(xml, (char) => char.charCodeAt(0));
    async function* once(): AsyncGenerator<Uint8Array> {
      yield bytes;
    }
    const items: Camt053Item[] = [];
    for await (const item of readCamt053(once())) items.push(item);
    expect(transactionsOf(items)[0]?.remittance.unstructured).toBe('Gebühr');
  });
});

/** Where an item of an entry belongs, or null for document- and statement-level items. */
function entryStatementOf(item: Camt053Item): number | null {
  if (item.kind === 'transaction') return item.transaction.statementIndex;
  if ((item.kind === 'skipped' || item.kind === 'warning') && item.position.entryIndex !== undefined) {
    return item.position.statementIndex ?? null;
  }
  return null;
}

/** Checks the order promise: one statementStart per statement, before all of its entries' items. */
function expectStartsBeforeEntries(items: Camt053Item[]): CamtStatementHeader[] {
  const starts = items.flatMap((item, at) => (item.kind === 'statementStart' ? [{ at, header: item.statement }] : []));
  const ends = items.flatMap((item, at) => (item.kind === 'statement' ? [{ at, index: item.statement.index }] : []));
  expect(starts.map((start) => start.header.index)).toEqual(ends.map((end) => end.index));
  starts.forEach((start, index) => {
    const firstOfEntries = items.findIndex((item) => entryStatementOf(item) === start.header.index);
    if (firstOfEntries >= 0) expect(firstOfEntries).toBeGreaterThan(start.at);
    expect(ends[index]!.at).toBeGreaterThan(start.at);
    // Nothing of this statement's entries comes after its end, nor before the previous one ended.
    const lastOfEntries = items.findLastIndex((item) => entryStatementOf(item) === start.header.index);
    expect(lastOfEntries).toBeLessThan(ends[index]!.at);
    if (index > 0) expect(start.at).toBeGreaterThan(ends[index - 1]!.at);
  });
  return starts.map((start) => start.header);
}

const multiStatementFile = fixtureOrNull('camt053/genkgo-camt/camt053.v2.multi.statement.xml', 'camt.053 statementStart fixture');

describe('readCamt053 statement header (statementStart)', () => {
  it('yields the header once, when the first entry starts, with sequence numbers, creation time and period', async () => {
    const header = `<ElctrncSeqNb>57</ElctrncSeqNb><LglSeqNb>12</LglSeqNb><CreDtTm>2026-02-01T06:00:00+01:00</CreDtTm>
<FrToDt><FrDtTm>2026-01-01T00:00:00+01:00</FrDtTm><ToDtTm>2026-01-31T23:59:59+01:00</ToDtTm></FrToDt>`;
    const items = await read(camt(entry('') + entry('')).replace('<Id>S1</Id>', `<Id>S1</Id>${header}`));
    expect(items.map((item) => item.kind)).toEqual(['document', 'statementStart', 'transaction', 'transaction', 'statement']);
    const [start] = expectStartsBeforeEntries(items);
    expect(start).toEqual({
      index: 0,
      id: 'S1',
      electronicSequenceNumber: '57',
      legalSequenceNumber: '12',
      createdAt: '2026-02-01T06:00:00+01:00',
      // The calendar days as written: 23:59:59+01:00 stays the 31st.
      period: { from: '2026-01-01', to: '2026-01-31' },
      account: { iban: 'DE89370400440532013000', otherId: null, currency: 'EUR' },
      balances: [
        {
          type: 'OPBD',
          amount: { decimal: '100.00', minorUnits: 10000, currency: 'EUR' },
          creditDebit: 'CRDT',
          date: '2026-01-01',
        },
        {
          type: 'CLBD',
          amount: { decimal: '25.50', minorUnits: 2550, currency: 'EUR' },
          creditDebit: 'DBIT',
          date: '2026-01-31',
        },
      ],
    });
    expect(items.at(-1)).toEqual({ kind: 'statement', statement: { ...start, entryCount: 2, skippedEntryCount: 0 } });
  });

  it('gives null for a missing header field, and warns about a period date that is none', async () => {
    const period = '<FrToDt><FrDtTm>2026-02-30T00:00:00</FrDtTm><ToDtTm>2026-02-28T23:59:59</ToDtTm></FrToDt>';
    const items = await read(camt(entry('')).replace('<Id>S1</Id>', `<Id>S1</Id>${period}`));
    expect(items.find((item) => item.kind === 'statementStart')).toMatchObject({
      statement: {
        electronicSequenceNumber: null,
        legalSequenceNumber: null,
        createdAt: null,
        period: { from: null, to: '2026-02-28' },
      },
    });
    expect(items).toContainEqual(
      expect.objectContaining({ kind: 'warning', code: 'malformed_date', position: { line: 4, statementIndex: 0 } }),
    );
  });

  it('comes before the skipped item and the XML error of a broken first entry', async () => {
    const broken = entry('').replace('<CdtDbtInd>DBIT</CdtDbtInd>', '<CdtDbtInd>DBIT</CdtDbtIn>');
    const items = await read(camt(broken + entry('', '')));
    expect(items.slice(0, 3).map((item) => item.kind)).toEqual(['document', 'statementStart', 'warning']);
    expect(items[2]).toMatchObject({ code: 'xml_error', position: { statementIndex: 0, entryIndex: 0 } });
    expect(skippedOf(items).map((item) => item.reason)).toEqual(['malformed_xml', 'missing_amount']);
    expectStartsBeforeEntries(items);
  });

  it('comes just before the statement when it has no entries', async () => {
    const items = await read(camt(''));
    expect(items.map((item) => item.kind)).toEqual(['document', 'statementStart', 'statement']);
    expect(items[1]).toMatchObject({ statement: { id: 'S1', balances: [{ type: 'OPBD' }, { type: 'CLBD' }] } });
  });

  it('keeps the balances it yielded when a bank writes another one after the entries', async () => {
    const late =
      '<Bal><Tp><CdOrPrtry><Cd>CLAV</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-31</Dt></Dt></Bal>';
    const items = await read(camt(entry('') + late));
    const start = items.find((item) => item.kind === 'statementStart');
    const end = items.find((item) => item.kind === 'statement');
    expect(start?.kind === 'statementStart' && start.statement.balances.map((balance) => balance.type)).toEqual(['OPBD', 'CLBD']);
    expect(end?.kind === 'statement' && end.statement.balances.map((balance) => balance.type)).toEqual(['OPBD', 'CLBD', 'CLAV']);
  });

  it.skipIf(!multiStatementFile)('precedes the entries of each statement of a real multi-statement file', async () => {
    const items: Camt053Item[] = [];
    // Small chunks, so that statement boundaries fall inside chunks as in a large upload.
    for await (const item of readCamt053(createReadStream(multiStatementFile!, { highWaterMark: 64 }))) items.push(item);
    const headers = expectStartsBeforeEntries(items);
    expect(headers).toMatchObject([
      {
        index: 0,
        id: '253EURNL26VAYB8060476890',
        electronicSequenceNumber: '12312',
        legalSequenceNumber: '12312',
        createdAt: '2015-03-10T18:43:50+00:00',
        period: { from: '2007-10-18', to: '2007-10-18' },
        account: { iban: 'NL26VAYB8060476890', currency: 'EUR' },
        balances: [{ type: 'OPBD' }, { type: 'CLBD' }],
      },
      {
        index: 1,
        id: '254EURNL26VAYB8060476890',
        electronicSequenceNumber: null,
        legalSequenceNumber: null,
        createdAt: '2015-03-10T18:43:50+00:00',
        period: { from: null, to: null },
        balances: [{ type: 'OPBD' }, { type: 'CLBD' }],
      },
    ]);
    expect(transactionsOf(items).map((t) => [t.statementIndex, t.entry.bankTransactionCode])).toEqual([
      [0, '544'],
      [1, '544'],
    ]);
  });
});

describe('readCamt053 bank transaction code and counterparty bank', () => {
  const code = (inner: string): string => entry(`<BkTxCd>${inner}</BkTxCd>`);
  const DOMAIN = '<Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn>';

  it('joins the ISO domain, family and sub-family, else takes the proprietary code', async () => {
    const items = await read(
      camt(
        code(DOMAIN) +
          code(`${DOMAIN}<Prtry><Cd>NTRF+116+9310</Cd><Issr>DK</Issr></Prtry>`) +
          code('<Prtry><Cd>NTRF+166</Cd></Prtry>') +
          entry(''),
      ),
    );
    expect(transactionsOf(items).map((t) => t.entry.bankTransactionCode)).toEqual([
      'PMNT-ICDT-ESCT',
      'PMNT-ICDT-ESCT',
      'NTRF+166',
      null,
    ]);
  });

  it("takes the creditor's bank for a debit and the debtor's bank for a credit, BIC or BICFI", async () => {
    const agents = (inner: string): string => `<RltdAgts>${inner}</RltdAgts>`;
    const debit = details(
      `${PAYEE}${agents('<DbtrAgt><FinInstnId><BIC>COBADEFFXXX</BIC></FinInstnId></DbtrAgt><CdtrAgt><FinInstnId><BIC>BYLADEM1001</BIC></FinInstnId></CdtrAgt>')}`,
    );
    const credit = `<Ntry><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
${details(`<RltdPties><Dbtr><Pty><Nm>Kunde KG</Nm></Pty></Dbtr></RltdPties>${agents('<DbtrAgt><FinInstnId><BICFI>BKAUATWWXXX</BICFI></FinInstnId></DbtrAgt><CdtrAgt><FinInstnId><BICFI>COBADEFFXXX</BICFI></FinInstnId></CdtrAgt>')}`)}</Ntry>`;
    const bankAsParty = details(
      '<RltdPties><Cdtr><Agt><FinInstnId><BICFI>DEUTDEFFXXX</BICFI><Nm>Deutsche Bank AG</Nm></FinInstnId></Agt></Cdtr></RltdPties>',
    );
    const items = await read(camt(entry(debit) + credit + entry(bankAsParty) + entry(details(PAYEE)), '08'));
    expect(transactionsOf(items).map((t) => t.counterparty)).toEqual([
      { name: 'Lieferant AG', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' },
      { name: 'Kunde KG', iban: null, bic: 'BKAUATWWXXX' },
      // A bank as the party itself (the Agt choice, from 07): its name; its bank is not stated.
      { name: 'Deutsche Bank AG', iban: null, bic: null },
      { name: 'Lieferant AG', iban: 'DE02120300000000202051', bic: null },
    ]);
  });

  it('reads the additional entry information that follows the details', async () => {
    const items = await read(camt(entry(`${details(PAYEE)}<AddtlNtryInf>SEPA-Überweisung</AddtlNtryInf>`)));
    expect(transactionsOf(items)[0]?.entry.additionalInfo).toBe('SEPA-Überweisung');
  });
});
