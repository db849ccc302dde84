import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { SepaExportError, isSepaExportError } from './sepa-export-error';
import { IBAN, batch, payment } from './test-batches';
import { paymentInformationId, writePain001 } from './write-pain001';

interface Tx {
  PmtId: { EndToEndId: string };
  Amt: { InstdAmt: { '#text': string; '@_Ccy': string } };
  CdtrAgt?: { FinInstnId: Record<string, string> };
  Cdtr: { Nm: string };
  CdtrAcct: { Id: { IBAN: string } };
  RmtInf: { Ustrd: string };
}
interface PmtInf {
  PmtInfId: string;
  PmtMtd: string;
  NbOfTxs: string;
  CtrlSum: string;
  PmtTpInf: { SvcLvl: { Cd: string } };
  ReqdExctnDt: string | { Dt: string };
  Dbtr: { Nm: string };
  DbtrAcct: { Id: { IBAN: string } };
  DbtrAgt: { FinInstnId: { BICFI?: string; BIC?: string; Othr?: { Id: string } } };
  ChrgBr: string;
  CdtTrfTxInf: Tx[];
}
interface Parsed {
  Document: {
    '@_xmlns': string;
    CstmrCdtTrfInitn: {
      GrpHdr: { MsgId: string; CreDtTm: string; NbOfTxs: string; CtrlSum: string; InitgPty: { Nm: string } };
      PmtInf: PmtInf[];
    };
  };
}

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => name === 'PmtInf' || name === 'CdtTrfTxInf',
});
const parse = (xml: string): Parsed['Document']['CstmrCdtTrfInitn'] & { ns: string } => {
  const document = (parser.parse(xml) as Parsed).Document;
  return { ...document.CstmrCdtTrfInitn, ns: document['@_xmlns'] };
};

function refusal(run: () => unknown): SepaExportError {
  try {
    run();
  } catch (error) {
    if (isSepaExportError(error)) return error;
    throw error;
  }
  throw new Error('expected a SepaExportError');
}

describe('writePain001 grouping and sums', () => {
  const payments = [
    payment({
      endToEndId: 'P1',
      amountCents: 100_00,
      requestedExecutionDate: '2026-12-02',
      debtor: { name: 'B', iban: IBAN.debtorB },
    }),
    payment({ endToEndId: 'P2', amountCents: 5, requestedExecutionDate: '2026-12-01' }),
    payment({ endToEndId: 'P3', amountCents: 999_99, requestedExecutionDate: '2026-12-02' }),
    payment({
      endToEndId: 'P4',
      amountCents: 1_50,
      requestedExecutionDate: '2026-12-02',
      debtor: { name: 'B', iban: IBAN.debtorB },
    }),
    payment({ endToEndId: 'P5', amountCents: 20_00n, requestedExecutionDate: '2026-12-01' }),
  ];
  const doc = parse(writePain001(batch(payments)));

  it('makes one PmtInf per debtor account and execution date, ordered by date, then IBAN', () => {
    expect(doc.PmtInf.map((block) => [block.ReqdExctnDt, block.DbtrAcct.Id.IBAN])).toEqual([
      [{ Dt: '2026-12-01' }, IBAN.debtorA],
      [{ Dt: '2026-12-02' }, IBAN.debtorB],
      [{ Dt: '2026-12-02' }, IBAN.debtorA],
    ]);
    // IBAN order: DE02… (debtorB) sorts before DE89… (debtorA).
    expect(doc.PmtInf.map((block) => block.CdtTrfTxInf.map((tx) => tx.PmtId.EndToEndId))).toEqual([
      ['P2', 'P5'],
      ['P1', 'P4'],
      ['P3'],
    ]);
  });

  it('writes counts and control sums with two decimals', () => {
    expect(doc.GrpHdr.NbOfTxs).toBe('5');
    expect(doc.GrpHdr.CtrlSum).toBe('1121.54');
    expect(doc.PmtInf.map((block) => [block.NbOfTxs, block.CtrlSum])).toEqual([
      ['2', '20.05'],
      ['2', '101.50'],
      ['1', '999.99'],
    ]);
    expect(doc.PmtInf[0]!.CdtTrfTxInf.map((tx) => tx.Amt.InstdAmt)).toEqual([
      { '#text': '0.05', '@_Ccy': 'EUR' },
      { '#text': '20.00', '@_Ccy': 'EUR' },
    ]);
  });

  it('uses TRF, SEPA service level, SLEV and unique PmtInfIds', () => {
    for (const block of doc.PmtInf) {
      expect([block.PmtMtd, block.PmtTpInf.SvcLvl.Cd, block.ChrgBr]).toEqual(['TRF', 'SEPA', 'SLEV']);
    }
    expect(doc.PmtInf.map((block) => block.PmtInfId)).toEqual([
      'MSG-2026-11-21-001-1',
      'MSG-2026-11-21-001-2',
      'MSG-2026-11-21-001-3',
    ]);
  });

  it('keeps PmtInfId within 35 characters for a long message id', () => {
    expect(paymentInformationId('M'.repeat(35), 11)).toBe(`${'M'.repeat(32)}-12`);
  });

  it('sums amounts beyond Number precision exactly', () => {
    const big = Array.from({ length: 3 }, (_, i) => payment({ endToEndId: `B${i}`, amountCents: 99_999_999_999n }));
    expect(parse(writePain001(batch(big))).GrpHdr.CtrlSum).toBe('2999999999.97');
  });
});

describe('writePain001 versions', () => {
  const input = batch([
    payment({ endToEndId: 'WITH-BIC' }),
    payment({
      endToEndId: 'NO-BIC',
      debtor: { name: 'Ohne BIC', iban: IBAN.debtorB },
      creditor: { name: 'C', iban: IBAN.creditor2, bic: null },
    }),
  ]);

  it('09 (default): namespace, ReqdExctnDt/Dt, BICFI, NOTPROVIDED without BIC, no CdtrAgt without BIC', () => {
    const doc = parse(writePain001(input));
    expect(doc.ns).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    const [noBic, withBic] = doc.PmtInf; // DE02 (debtorB) sorts first
    expect(withBic!.ReqdExctnDt).toEqual({ Dt: '2026-12-01' });
    expect(withBic!.DbtrAgt.FinInstnId).toEqual({ BICFI: 'COBADEFFXXX' });
    expect(withBic!.CdtTrfTxInf[0]!.CdtrAgt).toEqual({ FinInstnId: { BICFI: 'INGDDEFFXXX' } });
    expect(noBic!.DbtrAgt.FinInstnId).toEqual({ Othr: { Id: 'NOTPROVIDED' } });
    expect(noBic!.CdtTrfTxInf[0]!.CdtrAgt).toBeUndefined();
  });

  it('03: namespace, plain ReqdExctnDt, BIC', () => {
    const doc = parse(writePain001(input, { version: 'pain.001.001.03' }));
    expect(doc.ns).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    const [noBic, withBic] = doc.PmtInf;
    expect(withBic!.ReqdExctnDt).toBe('2026-12-01');
    expect(withBic!.DbtrAgt.FinInstnId).toEqual({ BIC: 'COBADEFFXXX' });
    expect(withBic!.CdtTrfTxInf[0]!.CdtrAgt).toEqual({ FinInstnId: { BIC: 'INGDDEFFXXX' } });
    expect(noBic!.DbtrAgt.FinInstnId).toEqual({ Othr: { Id: 'NOTPROVIDED' } });
  });

  it('normalises IBAN and BIC to electronic upper-case form', () => {
    const doc = parse(
      writePain001(batch([payment({ creditor: { name: 'C', iban: 'at61 1904 3002 3457 3201', bic: 'ingd deff xxx' } })])),
    );
    const tx = doc.PmtInf[0]!.CdtTrfTxInf[0]!;
    expect(tx.CdtrAcct.Id.IBAN).toBe(IBAN.creditor2);
    expect(tx.CdtrAgt).toEqual({ FinInstnId: { BICFI: 'INGDDEFFXXX' } });
  });
});

describe('writePain001 text', () => {
  it('transliterates names and remittance to the SEPA set and escapes XML', () => {
    const xml = writePain001(
      batch(
        [
          payment({
            debtor: { name: 'Bäcker & Söhne <Wien>', iban: IBAN.debtorA },
            creditor: { name: "Müller's Café Łódź", iban: IBAN.creditor1 },
            remittanceInformation: 'Rechnung Nr. 42 – März',
          }),
        ],
        { initiatingPartyName: 'Großhandel Özdemir' },
      ),
    );
    expect(xml).not.toMatch(/[^\x20-\x7e\n]/); // nothing but printable ASCII
    const doc = parse(xml);
    expect(doc.GrpHdr.InitgPty.Nm).toBe('Grosshandel Oezdemir');
    expect(doc.PmtInf[0]!.Dbtr.Nm).toBe('Baecker + Soehne Wien');
    expect(doc.PmtInf[0]!.CdtTrfTxInf[0]!.Cdtr.Nm).toBe("Mueller's Cafe Lodz");
    expect(xml).toContain('<Nm>Mueller&apos;s Cafe Lodz</Nm>');
    expect(doc.PmtInf[0]!.CdtTrfTxInf[0]!.RmtInf.Ustrd).toBe('Rechnung Nr. 42 - Maerz');
  });

  it('omits RmtInf when there is no remittance information (optional in SEPA)', () => {
    const xml = writePain001(batch([payment({ remittanceInformation: '' })]));
    expect(xml).not.toContain('<RmtInf>');
  });

  it('cuts names to 70 characters', () => {
    const doc = parse(writePain001(batch([payment({ creditor: { name: 'Ü'.repeat(50), iban: IBAN.creditor1 } })])));
    expect(doc.PmtInf[0]!.CdtTrfTxInf[0]!.Cdtr.Nm).toBe('Ue'.repeat(35));
  });
});

describe('writePain001 refusals', () => {
  it('refuses non-EUR payments with a typed error naming each of them', () => {
    const error = refusal(() =>
      writePain001(
        batch([
          payment({ endToEndId: 'OK' }),
          payment({ endToEndId: 'USD-1', currency: 'USD' }),
          payment({ endToEndId: 'GBP-1', currency: 'GBP' }),
        ]),
      ),
    );
    expect(error).toBeInstanceOf(SepaExportError);
    expect(error.paymentsWith('currency-not-eur').map((issue) => [issue.paymentIndex, issue.endToEndId, issue.value])).toEqual([
      [1, 'USD-1', 'USD'],
      [2, 'GBP-1', 'GBP'],
    ]);
  });

  it('refuses remittance information of 34 or more characters (SPEC: shorter than 34)', () => {
    expect(() => writePain001(batch([payment({ remittanceInformation: 'x'.repeat(33) })]))).not.toThrow();
    const error = refusal(() => writePain001(batch([payment({ endToEndId: 'LONG', remittanceInformation: 'x'.repeat(34) })])));
    expect(error.issues).toEqual([
      { code: 'remittance-too-long', paymentIndex: 0, endToEndId: 'LONG', field: 'remittanceInformation', value: 'x'.repeat(34) },
    ]);
  });

  it('counts the typed length, not the transliterated one', () => {
    // 33 umlauts become 66 characters after transliteration; still within SEPA's 140.
    const doc = parse(writePain001(batch([payment({ remittanceInformation: 'ü'.repeat(33) })])));
    expect(doc.PmtInf[0]!.CdtTrfTxInf[0]!.RmtInf.Ustrd).toBe('ue'.repeat(33));
  });

  it.each([
    ['end-to-end id too long', { endToEndId: 'E'.repeat(36) }, 'end-to-end-id-invalid'],
    ['end-to-end id with umlaut', { endToEndId: 'Zahlung-ä' }, 'end-to-end-id-invalid'],
    ['fractional cents', { amountCents: 12.5 }, 'amount-invalid'],
    ['zero amount', { amountCents: 0 }, 'amount-invalid'],
    ['over SEPA maximum', { amountCents: 100_000_000_000n }, 'amount-invalid'],
    ['impossible date', { requestedExecutionDate: '2026-02-30' }, 'execution-date-invalid'],
    ['IBAN checksum', { creditor: { name: 'C', iban: 'DE89370400440532013001' } }, 'iban-invalid'],
    ['malformed BIC', { debtor: { name: 'D', iban: IBAN.debtorA, bic: 'NOTABIC' } }, 'bic-invalid'],
    ['name only of dropped characters', { creditor: { name: '@@@', iban: IBAN.creditor1 } }, 'name-empty'],
  ] as const)('refuses %s', (_label, overrides, code) => {
    const error = refusal(() => writePain001(batch([payment(overrides)])));
    expect(error.issues.map((issue) => issue.code)).toEqual([code]);
  });

  it('refuses duplicate end-to-end ids, bad message ids and empty batches', () => {
    expect(refusal(() => writePain001(batch([payment(), payment()]))).issues.map((i) => i.code)).toEqual([
      'end-to-end-id-duplicate',
    ]);
    expect(refusal(() => writePain001(batch([payment()], { messageId: 'MSG_1' }))).issues.map((i) => i.code)).toEqual([
      'message-id-invalid',
    ]);
    expect(refusal(() => writePain001(batch([payment()], { createdAt: '2026-11-21' }))).issues.map((i) => i.code)).toEqual([
      'created-at-invalid',
    ]);
    expect(refusal(() => writePain001(batch([]))).issues.map((i) => i.code)).toEqual(['no-payments']);
  });
});

describe('writePain001 determinism', () => {
  it('gives byte-identical output for the same input, in both versions', () => {
    const make = (): ReturnType<typeof batch> =>
      batch([
        payment({ endToEndId: 'A', requestedExecutionDate: '2026-12-03' }),
        payment({ endToEndId: 'B', debtor: { name: 'B', iban: IBAN.debtorB } }),
      ]);
    for (const version of ['pain.001.001.09', 'pain.001.001.03'] as const) {
      const first = writePain001(make(), { version });
      expect(writePain001(make(), { version })).toBe(first);
    }
    expect(writePain001(make())).toContain('<CreDtTm>2026-11-21T09:30:00Z</CreDtTm>');
  });
});
