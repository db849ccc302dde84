import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFArray, PDFName, type PDFHexString, type PDFString } from 'pdf-lib';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { readEInvoicePdf } from '../../invoice-reading/einvoice/read-pdf';
import { loadPdf, lookupArray, lookupDict, nameOf, pdfText, streamBytes } from './pdf-inspection';
import { renderInvoicePdf } from './render-invoice-pdf';
import { GERMAN_INVOICE } from '../sample-invoices';

const fixtures = process.env.KONTOR_FIXTURES ?? path.resolve(import.meta.dirname, '../../../../../../shared/fixtures');
const CEN_EXAMPLE = path.join(fixtures, 'einvoice/cen-en16931/cii/examples/CII_example1.xml');
const present = existsSync(CEN_EXAMPLE);
if (!present) console.warn(`CEN example not found at ${CEN_EXAMPLE}: skipping the reader round trip (set KONTOR_FIXTURES)`);

const NOW = new Date('2026-02-02T09:30:00Z');
/** Any CII document will do for the container; its umlauts and € check the bytes stay UTF-8. */
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><!-- Müller, 12,50 € --></rsm:CrossIndustryInvoice>
`;

async function attachments(pdf: Uint8Array): Promise<Record<string, { filename: string; content: Uint8Array }>> {
  const document = await getDocumentProxy(new Uint8Array(pdf), { isEvalSupported: false, verbosity: 0 });
  try {
    return ((await document.getAttachments()) ?? {}) as Record<string, { filename: string; content: Uint8Array }>;
  } finally {
    await document.destroy();
  }
}

describe('renderInvoicePdf with facturX: a ZUGFeRD 2 / Factur-X hybrid in PDF/A-3b', async () => {
  const pdf = await renderInvoicePdf(GERMAN_INVOICE, { now: NOW, facturX: { xml: XML } });
  const doc = await loadPdf(pdf);
  const xmp = new TextDecoder().decode(streamBytes(doc, doc.catalog.get(PDFName.of('Metadata'))));

  it('embeds the XML as factur-x.xml, byte for byte', async () => {
    const found = Object.values(await attachments(pdf));
    expect(found.map((file) => file.filename)).toEqual(['factur-x.xml']);
    expect(Buffer.from(found[0]!.content).equals(Buffer.from(XML, 'utf8'))).toBe(true);
  });

  it('references the file spec from the catalog /AF with relationship Alternative, type text/xml', () => {
    const af = lookupArray(doc, doc.catalog.get(PDFName.of('AF')));
    expect(af?.size()).toBe(1);
    const spec = lookupDict(doc, af?.get(0));
    expect(nameOf(spec, 'Type')).toBe('Filespec');
    expect(nameOf(spec, 'AFRelationship')).toBe('Alternative');
    expect((spec?.get(PDFName.of('F')) as PDFString).decodeText()).toBe('factur-x.xml');
    expect((spec?.get(PDFName.of('UF')) as PDFHexString).decodeText()).toBe('factur-x.xml');
    expect((spec?.get(PDFName.of('Desc')) as PDFHexString).decodeText()).toBe('Factur-X/ZUGFeRD invoice');
    const file = lookupDict(doc, lookupDict(doc, spec?.get(PDFName.of('EF')))?.get(PDFName.of('F')));
    expect(nameOf(file, 'Type')).toBe('EmbeddedFile');
    expect(nameOf(file, 'Subtype')).toBe('text/xml');
    expect(lookupDict(doc, file?.get(PDFName.of('Params')))?.get(PDFName.of('ModDate'))).toBeDefined();
  });

  it('declares PDF/A-3b and the Factur-X properties with their extension schema in uncompressed XMP', () => {
    const metadata = lookupDict(doc, doc.catalog.get(PDFName.of('Metadata')));
    expect(nameOf(metadata, 'Type')).toBe('Metadata');
    expect(nameOf(metadata, 'Subtype')).toBe('XML');
    expect(metadata?.get(PDFName.of('Filter'))).toBeUndefined();
    expect(xmp).toMatch(/^<\?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"\?>/);
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(xmp).toContain('xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"');
    expect(xmp).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(xmp).toContain('<fx:Version>1.0</fx:Version>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(xmp).toContain(
      '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>',
    );
    for (const property of ['DocumentFileName', 'DocumentType', 'Version', 'ConformanceLevel']) {
      expect(xmp).toContain(`<pdfaProperty:name>${property}</pdfaProperty:name>`);
    }
    expect(xmp).toMatch(/<\?xpacket end="w"\?>$/);
  });

  it('says in XMP what the Info dictionary says', () => {
    expect(doc.getTitle()).toBe('Rechnung Nr. RE-2026-0042');
    expect(xmp).toContain('<rdf:li xml:lang="x-default">Rechnung Nr. RE-2026-0042</rdf:li>');
    expect(xmp).toContain(`<dc:creator><rdf:Seq><rdf:li>${doc.getAuthor()}</rdf:li></rdf:Seq></dc:creator>`);
    expect(xmp).toContain(`<rdf:li xml:lang="x-default">${doc.getSubject()}</rdf:li>`);
    expect(xmp).toContain(`<xmp:CreatorTool>${doc.getCreator()}</xmp:CreatorTool>`);
    expect(xmp).toContain(`<pdf:Producer>${doc.getProducer()}</pdf:Producer>`);
    expect(doc.getCreationDate()?.toISOString()).toBe(NOW.toISOString());
    expect(doc.getModificationDate()?.toISOString()).toBe(NOW.toISOString());
    expect(xmp).toContain('<xmp:CreateDate>2026-02-02T09:30:00Z</xmp:CreateDate>');
    expect(xmp).toContain('<xmp:ModifyDate>2026-02-02T09:30:00Z</xmp:ModifyDate>');
  });

  it('has an sRGB output intent with a valid ICC profile', () => {
    const intents = lookupArray(doc, doc.catalog.get(PDFName.of('OutputIntents')));
    expect(intents?.size()).toBe(1);
    const intent = lookupDict(doc, intents?.get(0));
    expect(nameOf(intent, 'Type')).toBe('OutputIntent');
    expect(nameOf(intent, 'S')).toBe('GTS_PDFA1');
    expect((intent?.get(PDFName.of('OutputConditionIdentifier')) as PDFString).decodeText()).toBe('sRGB IEC61966-2.1');
    const profileRef = intent?.get(PDFName.of('DestOutputProfile'));
    expect(lookupDict(doc, profileRef)?.get(PDFName.of('N'))?.toString()).toBe('3');
    const icc = streamBytes(doc, profileRef);
    const view = new DataView(icc.buffer, icc.byteOffset, icc.byteLength);
    const ascii = (at: number) => String.fromCharCode(...icc.subarray(at, at + 4));
    expect(view.getUint32(0)).toBe(icc.length);
    expect(ascii(36)).toBe('acsp');
    expect(ascii(16)).toBe('RGB ');
    expect(ascii(12)).toBe('mntr');
  });

  it('has a document ID in the trailer, no object streams and a binary header comment', () => {
    const id = doc.context.trailerInfo.ID;
    expect(id).toBeInstanceOf(PDFArray);
    const [first, second] = (id as PDFArray).asArray().map((part) => (part as PDFHexString).asString());
    expect(first).toMatch(/^[0-9a-f]{32}$/i);
    expect(second).toBe(first);
    const raw = Buffer.from(pdf).toString('latin1');
    expect(raw).not.toContain('/ObjStm');
    expect(raw).not.toContain('/XRef');
    expect(raw.slice(0, 9)).toBe('%PDF-1.7\n');
    expect([...raw.slice(10, 14)].every((char) => char.charCodeAt(0) > 127)).toBe(true);
    expect(raw.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('is the same printed invoice as without the XML', async () => {
    const plain = await pdfText(await renderInvoicePdf(GERMAN_INVOICE, { now: NOW }));
    expect((await pdfText(pdf)).text).toBe(plain.text);
  });

  it('is deterministic', async () => {
    const again = await renderInvoicePdf(GERMAN_INVOICE, { now: NOW, facturX: { xml: XML } });
    expect(Buffer.from(again).equals(Buffer.from(pdf))).toBe(true);
  });
});

describe.skipIf(!present)('the e-invoice reader finds the embedded invoice', () => {
  it('reads the CEN example back out of the hybrid', async () => {
    const xml = readFileSync(CEN_EXAMPLE, 'utf8');
    const pdf = await renderInvoicePdf(GERMAN_INVOICE, { now: NOW, facturX: { xml } });
    const invoice = await readEInvoicePdf(pdf);
    expect(invoice?.kind).toBe('einvoice-pdf');
    expect(invoice?.invoiceNumber?.value).toBe('12115118');
  });
});
