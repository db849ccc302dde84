import { describe, expect, it } from 'vitest';
import { readCamt053, stringSource } from '@kontor/formats';
import { recogniseBankFile, withDefaultNamespace } from '../src/modules/bank-file-import/bank-file-format';

/** Recognising pain.001 and camt.053 from the first bytes, as the upload does before storing anything. */
describe('bank file recognition', () => {
  it.each([
    [
      'pain.001 with namespace',
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn>',
      'pain.001',
    ],
    [
      'camt.053 with declaration and BOM',
      '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">',
      'camt.053',
    ],
    [
      'a UTF-8 BOM read as Latin-1',
      '\u00EF\u00BB\u00BF<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">',
      'camt.053',
    ],
    ['a bank namespace around the ISO name', '<Document xmlns="ISO:camt.053.001.02:APC:STUZZA:payments:003">', 'camt.053'],
    [
      'the German DK variant',
      "<?xml version='1.0'?><!-- export --><Document xmlns='urn:iso:std:iso:20022:tech:xsd:pain.001.003.03'>",
      'pain.001',
    ],
    [
      'a prefixed root',
      '<ns2:Document xmlns:ns2="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><ns2:CstmrCdtTrfInitn>',
      'pain.001',
    ],
    ['camt.053 without namespace', '<?xml version="1.0"?>\n<Document>\n  <BkToCstmrStmt>', 'camt.053'],
    ['pain.001 without namespace', '<Document><!-- a --><CstmrCdtTrfInitn>', 'pain.001'],
  ])('recognises %s', (_label, head, format) => {
    expect(recogniseBankFile(head)).toMatchObject({ kind: 'recognised', format });
  });

  it.each([
    ['a PDF', '%PDF-1.7\n%âãÏÓ'],
    ['a CSV', 'Datum;Betrag\n'],
    ['HTML', '<!DOCTYPE html><html><body>'],
    ['pain.008 (direct debits)', '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02">'],
    ['a namespace-less document of another message', '<Document><CstmrDrctDbtInitn>'],
  ])('refuses %s', (_label, head) => {
    expect(recogniseBankFile(head)).toEqual({ kind: 'unrecognised' });
  });

  it('asks for more while the head ends inside the prolog or the root tag', () => {
    expect(recogniseBankFile('')).toEqual({ kind: 'need_more' });
    expect(recogniseBankFile('<?xml version="1.0"')).toEqual({ kind: 'need_more' });
    expect(recogniseBankFile('<Document xmlns="urn:iso:std:iso:20022:tech')).toEqual({ kind: 'need_more' });
    expect(recogniseBankFile('<Document>')).toEqual({ kind: 'need_more' });
  });

  it('lets the reader read a camt.053 without namespace, whatever the chunk size', async () => {
    const xml =
      '<?xml version="1.0"?>\n<Document><BkToCstmrStmt><Stmt><Id>S</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>' +
      '<Ntry><Amt Ccy="EUR">1.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts></Ntry></Stmt></BkToCstmrStmt></Document>';
    for (const chunkSize of [3, 17, 4096]) {
      const bytes = async function* () {
        for await (const chunk of stringSource(xml, chunkSize)) yield Buffer.from(chunk);
      };
      const items = [];
      for await (const item of readCamt053(withDefaultNamespace(bytes(), 'camt.053'))) items.push(item);
      expect(items[0]).toMatchObject({ kind: 'document', message: 'camt.053', version: '001.02' });
      expect(items.filter((item) => item.kind === 'transaction')).toHaveLength(1);
    }
  });
});
