import { describe, expect, it } from 'vitest';
import { prettyPrintXml } from './pretty-print-xml';

describe('prettyPrintXml', () => {
  it('puts one element a line, indented by depth, text-only elements on one line', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:x"><rsm:ExchangedDocument><ram:ID>R-1</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:Empty/></rsm:ExchangedDocument></rsm:CrossIndustryInvoice>';
    expect(prettyPrintXml(xml)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rsm:CrossIndustryInvoice xmlns:rsm="urn:x">',
        '  <rsm:ExchangedDocument>',
        '    <ram:ID>R-1</ram:ID>',
        '    <ram:TypeCode>380</ram:TypeCode>',
        '    <ram:Empty/>',
        '  </rsm:ExchangedDocument>',
        '</rsm:CrossIndustryInvoice>',
      ].join('\n'),
    );
  });

  it('re-indents an already indented document and keeps comments and CDATA', () => {
    const xml = '<a>\n    <!-- note -->\n      <b><![CDATA[x < y]]></b>\n<c></c>\n</a>';
    expect(prettyPrintXml(xml)).toBe(
      ['<a>', '  <!-- note -->', '  <b>', '    <![CDATA[x < y]]>', '  </b>', '  <c></c>', '</a>'].join('\n'),
    );
  });

  it('never loses text of malformed input', () => {
    expect(prettyPrintXml('<a><b>open</a> tail <')).toBe(['<a>', '  <b>open</a>', '  tail', '  <'].join('\n'));
  });
});
