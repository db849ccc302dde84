/**
 * What turns the invoice PDF into a ZUGFeRD 2 / Factur-X hybrid and a PDF/A-3b file: the CII XML
 * as the associated file factur-x.xml (relationship Alternative: the XML is the same invoice in
 * another form), and the sRGB output intent every PDF/A file needs for its device colours.
 */
import { AFRelationship, PDFName, PDFString, type PDFDocument } from 'pdf-lib';
import { srgbIccProfile } from './srgb-icc-profile';
import type { FacturXProperties } from './xmp-metadata';

export const FACTUR_X_FILE_NAME = 'factur-x.xml';

/** The fx: metadata of the hybrid; Kontor writes profile EN 16931 (ZUGFeRD 2 "COMFORT"). */
export const FACTUR_X_PROPERTIES: FacturXProperties = {
  documentType: 'INVOICE',
  documentFileName: FACTUR_X_FILE_NAME,
  version: '1.0',
  conformanceLevel: 'EN 16931',
};

export async function attachFacturXml(doc: PDFDocument, xml: string, now: Date): Promise<void> {
  // pdf-lib adds the file spec to the EmbeddedFiles name tree and to the catalog's /AF array.
  await doc.attach(new TextEncoder().encode(xml), FACTUR_X_FILE_NAME, {
    mimeType: 'text/xml',
    description: 'Factur-X/ZUGFeRD invoice',
    creationDate: now,
    modificationDate: now,
    afRelationship: AFRelationship.Alternative,
  });
}

/** The PDF/A output intent: device RGB on these pages means sRGB. */
export function addSrgbOutputIntent(doc: PDFDocument): void {
  const { context } = doc;
  const profile = context.register(context.flateStream(srgbIccProfile(), { N: 3 }));
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
    RegistryName: PDFString.of('http://www.color.org'),
    Info: PDFString.of('sRGB IEC61966-2.1'),
    DestOutputProfile: profile,
  });
  doc.catalog.set(PDFName.of('OutputIntents'), context.obj([context.register(intent)]));
}
