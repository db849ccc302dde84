import { describe, expect, it } from 'vitest';
import { BankFileError } from './bank-file-error';
import type { Pain001Item, PainTransaction } from './pain001-types';
import { readPain001String } from './read-pain001';

const NS = (version: string): string => `urn:iso:std:iso:20022:tech:xsd:pain.001.${version}`;

function pain(paymentInfos: string, header = '<NbOfTxs>2</NbOfTxs><CtrlSum>110.50</CtrlSum>', version = '001.09'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="${NS(version)}"><CstmrCdtTrfInitn>
<GrpHdr><MsgId>MSG-1</MsgId><CreDtTm>2026-03-01T09:00:00</CreDtTm>${header}<InitgPty><Nm>Us GmbH</Nm></InitgPty></GrpHdr>
${paymentInfos}
</CstmrCdtTrfInitn></Document>`;
}

function paymentInfo(transactions: string, date = '<ReqdExctnDt><Dt>2026-03-05</Dt></ReqdExctnDt>'): string {
  return `<PmtInf><PmtInfId>PI-1</PmtInfId><PmtMtd>TRF</PmtMtd>${date}
<Dbtr><Nm>Us GmbH</Nm></Dbtr><DbtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></DbtrAcct>
<DbtrAgt><FinInstnId><BICFI>COBADEFFXXX</BICFI></FinInstnId></DbtrAgt>
${transactions}</PmtInf>`;
}

function payment(amount = '<InstdAmt Ccy="EUR">100.00</InstdAmt>', iban = 'DE02120300000000202051', e2e = 'E2E-1'): string {
  return `<CdtTrfTxInf><PmtId><InstrId>I-1</InstrId><EndToEndId>${e2e}</EndToEndId></PmtId><Amt>${amount}</Amt>
<CdtrAgt><FinInstnId><BIC>BYLADEM1001</BIC></FinInstnId></CdtrAgt><Cdtr><Nm>Lieferant AG</Nm></Cdtr>
<CdtrAcct><Id><IBAN>${iban}</IBAN></Id></CdtrAcct><RmtInf><Ustrd>RE 2026-17</Ustrd></RmtInf></CdtTrfTxInf>`;
}

async function read(xml: string): Promise<Pain001Item[]> {
  const items: Pain001Item[] = [];
  for await (const item of readPain001String(xml)) items.push(item);
  return items;
}

const transactionsOf = (items: Pain001Item[]): PainTransaction[] =>
  items.flatMap((item) => (item.kind === 'transaction' ? [item.transaction] : []));
const warningCodes = (items: Pain001Item[]): string[] => items.flatMap((item) => (item.kind === 'warning' ? [item.code] : []));

describe('readPain001', () => {
  it('reads group header, payment information and payments of a 09 file', async () => {
    const items = await read(
      pain(paymentInfo(payment() + payment('<InstdAmt Ccy="EUR">10.50</InstdAmt>', 'AT611904300234573201', 'E2E-2'))),
    );
    expect(items[0]).toMatchObject({ kind: 'document', version: '001.09' });
    expect(items[1]).toEqual({
      kind: 'groupHeader',
      groupHeader: { messageId: 'MSG-1', creationDateTime: '2026-03-01T09:00:00', numberOfTransactions: 2, controlSum: '110.50' },
    });
    const [first, second] = transactionsOf(items);
    expect(first).toMatchObject({
      index: 0,
      endToEndId: 'E2E-1',
      instructionId: 'I-1',
      amount: { decimal: '100.00', minorUnits: 10000, currency: 'EUR' },
      creditor: { name: 'Lieferant AG', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', otherAccountId: null },
      remittance: { unstructured: 'RE 2026-17', creditorReference: null },
      paymentInfo: {
        id: 'PI-1',
        requestedExecutionDate: '2026-03-05',
        debtor: { name: 'Us GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      },
    });
    expect(second?.amount.minorUnits).toBe(1050);
    expect(items.at(-1)).toMatchObject({
      kind: 'paymentInfo',
      paymentInfo: { id: 'PI-1', transactionCount: 2, skippedCount: 0, computedSum: '110.50' },
    });
    expect(warningCodes(items)).toEqual([]);
  });

  it('reads the plain execution date of 03 and a DtTm of 09', async () => {
    const v03 = await read(pain(paymentInfo(payment(), '<ReqdExctnDt>2026-04-01</ReqdExctnDt>'), '', '001.03'));
    expect(transactionsOf(v03)[0]?.paymentInfo.requestedExecutionDate).toBe('2026-04-01');
    const v09 = await read(pain(paymentInfo(payment(), '<ReqdExctnDt><DtTm>2026-04-02T08:00:00</DtTm></ReqdExctnDt>'), ''));
    expect(transactionsOf(v09)[0]?.paymentInfo.requestedExecutionDate).toBe('2026-04-02');
  });

  it('skips bad payments with reason and position, keeping the others', async () => {
    const items = await read(
      pain(
        paymentInfo(
          payment('') +
            payment('<InstdAmt Ccy="EUR">12.3.4</InstdAmt>') +
            payment(undefined, 'DE02120300000000202052') +
            payment('<InstdAmt>5.00</InstdAmt>') +
            payment('<InstdAmt Ccy="EUR">7.00</InstdAmt>'),
        ),
        '',
      ),
    );
    expect(items.flatMap((item) => (item.kind === 'skipped' ? [[item.reason, item.position.transactionIndex]] : []))).toEqual([
      ['missing_amount', 0],
      ['malformed_amount', 1],
      ['invalid_iban', 2],
      ['missing_currency', 3],
    ]);
    expect(transactionsOf(items).map((t) => [t.index, t.amount.decimal])).toEqual([[4, '7.00']]);
    // Control sums count every readable amount, skipped payments included.
    expect(items.at(-1)).toMatchObject({ paymentInfo: { transactionCount: 5, skippedCount: 4, computedSum: '112.00' } });
  });

  it('keeps a payment information block with a bad debtor IBAN or date, with warnings', async () => {
    const block = paymentInfo(payment(), '<ReqdExctnDt><Dt>2026-13-01</Dt></ReqdExctnDt>').replace(
      'DE89370400440532013000',
      'IBAN',
    );
    const items = await read(pain(block, ''));
    expect(transactionsOf(items)[0]?.paymentInfo).toMatchObject({ requestedExecutionDate: null, debtor: { iban: null } });
    expect(warningCodes(items)).toEqual(['invalid_iban', 'malformed_date']);
  });

  it('warns about control sum and count mismatches instead of failing', async () => {
    const block = paymentInfo(payment()).replace(
      '<PmtMtd>TRF</PmtMtd>',
      '<PmtMtd>TRF</PmtMtd><NbOfTxs>3</NbOfTxs><CtrlSum>99</CtrlSum>',
    );
    const items = await read(pain(block));
    expect(transactionsOf(items)).toHaveLength(1);
    expect(
      items.flatMap((item) => (item.kind === 'warning' ? [[item.code, item.position.paymentInfoIndex ?? 'group']] : [])),
    ).toEqual([
      ['transaction_count_mismatch', 0],
      ['control_sum_mismatch', 0],
      ['transaction_count_mismatch', 'group'],
      ['control_sum_mismatch', 'group'],
    ]);
  });

  it('reads a non-IBAN creditor account (Swiss postal account)', async () => {
    const items = await read(
      pain(paymentInfo(payment().replace('<IBAN>DE02120300000000202051</IBAN>', '<Othr><Id>01-39139-1</Id></Othr>')), ''),
    );
    expect(transactionsOf(items)[0]?.creditor).toMatchObject({ iban: null, otherAccountId: '01-39139-1' });
  });

  it('refuses files that are not pain.001 with a typed error', async () => {
    const codeOf = async (xml: string): Promise<string> =>
      read(xml).then(
        () => 'no error',
        (error: unknown) => (error instanceof BankFileError ? error.code : 'untyped'),
      );
    expect(await codeOf('Name;IBAN;Betrag\nA;DE02;1')).toBe('not_xml');
    expect(await codeOf('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"/>')).toBe('unexpected_message');
    expect(await codeOf(pain('', '', '001.02'))).toBe('unsupported_version');
    expect(await codeOf('<Document><CstmrCdtTrfInitn/></Document>')).toBe('unknown_namespace');
  });
});
