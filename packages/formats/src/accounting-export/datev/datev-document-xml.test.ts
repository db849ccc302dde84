import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { datevDocumentXml, DATEV_DOCUMENT_NAMESPACE } from './datev-document-xml';

describe('datevDocumentXml', () => {
  const documents = [
    { guid: '11111111-2222-4333-8444-555555555555', fileName: 'RE-1 Müller & Söhne.pdf', description: 'RE <1>' },
    { guid: '66666666-7777-4888-9999-000000000000', fileName: 'scan"2".png' },
  ];
  const xml = datevDocumentXml(documents, { createdAt: new Date('2026-07-01T10:00:00Z') });

  it('is well-formed XML in DATEV namespace v06.0', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml);
    expect(parsed.archive['@xmlns']).toBe(DATEV_DOCUMENT_NAMESPACE);
    expect(parsed.archive['@version']).toBe('6.0');
    expect(parsed.archive['@generatingSystem']).toBe('Kontor');
    // 10:00 UTC is 12:00 in Germany in summer.
    expect(parsed.archive.header.date).toBe('2026-07-01T12:00:00');
  });

  it('holds each GUID and file name, escaped and read back unchanged', () => {
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml);
    const found = parsed.archive.content.document as {
      '@guid': string;
      description?: string;
      extension: Record<string, string>;
    }[];
    expect(found.map((document) => document['@guid'])).toEqual(documents.map((document) => document.guid));
    expect(found.map((document) => document.extension['@name'])).toEqual(['RE-1 Müller & Söhne.pdf', 'scan"2".png']);
    expect(found[0]!.extension['@xsi:type']).toBe('File');
    expect(found[0]!.description).toBe('RE <1>');
    expect(xml).toContain('name="RE-1 Müller &amp; Söhne.pdf"');
  });

  it('writes an empty content for no documents', () => {
    const empty = datevDocumentXml([], { createdAt: new Date('2026-01-01T00:00:00Z'), generatingSystem: 'Test' });
    expect(XMLValidator.validate(empty)).toBe(true);
    expect(empty).toContain('generatingSystem="Test"');
    expect(empty).not.toContain('<document ');
  });
});
