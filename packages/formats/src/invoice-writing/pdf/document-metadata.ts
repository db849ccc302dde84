/**
 * What the file says about itself: the Info dictionary, the XMP metadata stream that repeats it
 * (PDF/A: both must agree), the document language and the file identifier in the trailer. All of
 * it derives from the invoice and `now`, so the same input gives the same bytes.
 */
import { PDFHexString, PDFName, PDFString, type PDFDocument } from 'pdf-lib';
import { buildXmp, type FacturXProperties } from './xmp-metadata';

export interface DocumentDescription {
  title: string;
  author: string;
  subject: string;
  language: string;
  /** Whole seconds: the Info dictionary cannot hold more, and XMP must say the same. */
  now: Date;
  /** 16 bytes identifying this document (trailer /ID, xmpMM:DocumentID). */
  id: Uint8Array;
  pdfA: boolean;
  facturX: FacturXProperties | null;
}

export const CREATOR_TOOL = 'Kontor';
export const PRODUCER = 'Kontor invoice writer (pdf-lib)';

export function writeDocumentMetadata(doc: PDFDocument, description: DocumentDescription): void {
  const { title, author, subject, now } = description;
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setAuthor(author);
  doc.setSubject(subject);
  doc.setCreator(CREATOR_TOOL);
  doc.setProducer(PRODUCER);
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  doc.catalog.set(PDFName.of('Lang'), PDFString.of(description.language));

  const hex = Buffer.from(description.id).toString('hex');
  const xmp = buildXmp({
    title,
    author,
    subject,
    creatorTool: CREATOR_TOOL,
    producer: PRODUCER,
    created: now,
    modified: now,
    documentId: `uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`,
    pdfA: description.pdfA,
    facturX: description.facturX,
  });
  // Uncompressed: PDF/A wants metadata readable by tools that do not parse PDF streams.
  const stream = doc.context.stream(new TextEncoder().encode(xmp), { Type: 'Metadata', Subtype: 'XML' });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(stream));

  // Both halves are equal for a file that was never modified (ISO 32000-1, 14.4).
  doc.context.trailerInfo.ID = doc.context.obj([PDFHexString.of(hex), PDFHexString.of(hex)]);
}
