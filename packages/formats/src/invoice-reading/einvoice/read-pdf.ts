/**
 * ZUGFeRD 1.0, ZUGFeRD 2.x, Factur-X and XRechnung-in-PDF: the invoice XML is an embedded file
 * (PDF/A-3 associated file). unpdf's bundled pdf.js lists the attachments; nothing is rendered.
 */
import { getDocumentProxy } from 'unpdf';
import { isReadingError, ReadingError, type ExtractedInvoice } from '../extracted-invoice';
import { readEInvoiceXmlAs } from './read-xml';

/** Embedded file names the specifications prescribe, in order of preference. */
const KNOWN_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

interface Attachment {
  filename: string;
  content: Uint8Array;
}

async function attachments(pdf: Uint8Array): Promise<Attachment[]> {
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js may transfer (detach) the buffer it is given: pass a copy, keep the caller's bytes.
    document = await getDocumentProxy(new Uint8Array(pdf), { isEvalSupported: false, stopAtErrors: false, verbosity: 0 });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') throw new ReadingError('encrypted_pdf');
    throw new ReadingError('broken_pdf', error instanceof Error ? error.message : undefined);
  }
  try {
    const found = ((await document.getAttachments()) ?? {}) as Record<string, { filename?: string; content?: Uint8Array }>;
    return Object.entries(found)
      .filter(([, value]) => value.content instanceof Uint8Array)
      .map(([key, value]) => ({ filename: value.filename || key, content: value.content as Uint8Array }));
  } catch (error) {
    throw new ReadingError('broken_pdf', error instanceof Error ? error.message : undefined);
  } finally {
    await document.destroy();
  }
}

/**
 * The e-invoice embedded in a PDF, read with readEInvoiceXml (kind 'einvoice-pdf'); null when
 * the PDF carries no e-invoice XML. Throws ReadingError `broken_pdf` / `encrypted_pdf` for PDFs
 * that can't be opened and the XML reader's errors for a broken embedded invoice.
 */
export async function readEInvoicePdf(pdf: Uint8Array): Promise<ExtractedInvoice | null> {
  if (pdf.byteLength < 5 || new TextDecoder().decode(pdf.subarray(0, 1024)).indexOf('%PDF-') < 0) {
    throw new ReadingError('broken_pdf', 'no PDF header');
  }
  const files = await attachments(pdf);
  const rank = (file: Attachment): number => {
    const index = KNOWN_NAMES.indexOf(file.filename.toLowerCase());
    return index >= 0 ? index : file.filename.toLowerCase().endsWith('.xml') ? KNOWN_NAMES.length : -1;
  };
  const candidates = files.filter((f) => rank(f) >= 0).sort((a, b) => rank(a) - rank(b));
  for (const file of candidates) {
    try {
      return readEInvoiceXmlAs(file.content, 'einvoice-pdf');
    } catch (error) {
      // A prescribed name must hold a valid invoice; any other XML attachment may be anything.
      const prescribed = rank(file) < KNOWN_NAMES.length;
      if (prescribed || !isReadingError(error) || error.code !== 'not_an_einvoice') throw error;
    }
  }
  return null;
}
