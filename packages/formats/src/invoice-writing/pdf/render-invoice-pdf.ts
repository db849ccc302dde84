/**
 * The PDF of an outgoing invoice: A4 in DIN 5008 layout, DejaVu fonts embedded as subsets, the
 * lines flowing over as many pages as they need, and — given the CII XML — a ZUGFeRD 2 /
 * Factur-X hybrid in PDF/A-3b. Deterministic: the same invoice, XML and `now` give the same bytes.
 */
import { createHash } from 'node:crypto';
import { JpegEmbedder, PDFDocument, type PDFImage } from 'pdf-lib';
import type { OutgoingInvoice, OutgoingSeller } from '../outgoing-invoice';
import { writeDocumentMetadata } from './document-metadata';
import { FACTUR_X_PROPERTIES, addSrgbOutputIntent, attachFacturXml } from './factur-x-hybrid';
import { addTrueTypeLengths, embedInvoiceFonts } from './invoice-fonts';
import { invoiceFormat } from './invoice-formatting';
import { INVOICE_LABELS } from './invoice-labels';
import { CONTINUATION_TOP, drawContinuationHeader, drawLetterhead } from './letterhead';
import { drawLinesTable } from './lines-table';
import { PAGE_NUMBER_SPACE, drawFooter, layoutFooter } from './page-footer';
import { PageFlow } from './page-flow';
import { MM } from './page-geometry';
import { drawPaymentBlock } from './payment-block';
import { drawParagraphs } from './text-paragraphs';
import { drawTotals, exemptionNotes } from './totals-block';
import { Typesetter } from './typesetter';

export interface RenderInvoicePdfOptions {
  /** The invoice as CII XML (profile EN 16931): embed it and make the file PDF/A-3b. */
  facturX?: { xml: string };
  /** Creation date written into the file (to whole seconds); defaults to the current time. */
  now?: Date;
}

const DOCUMENT_LANGUAGES = { de: 'de-DE', en: 'en-GB' } as const;
const BLOCK_GAP = 4 * MM;

export async function renderInvoicePdf(invoice: OutgoingInvoice, options: RenderInvoicePdfOptions = {}): Promise<Uint8Array> {
  const now = new Date(Math.floor((options.now ?? new Date()).getTime() / 1000) * 1000);
  const xml = options.facturX?.xml ?? null;
  const id = documentId(invoice, now, xml);

  const doc = await PDFDocument.create({ updateMetadata: false });
  const typesetter = new Typesetter(await embedInvoiceFonts(doc, subsetTag(id)));
  const labels = INVOICE_LABELS[invoice.language];
  const format = invoiceFormat(invoice.language, invoice.currency);
  const context = { invoice, labels, format, typesetter };

  const footer = layoutFooter(invoice, labels, typesetter);
  const flow = new PageFlow(doc, {
    bottom: footer.top + PAGE_NUMBER_SPACE + 3 * MM,
    continuationTop: CONTINUATION_TOP,
    drawContinuationHeader: (page) => drawContinuationHeader(page, context),
  });
  drawLetterhead(flow, context, await embedLogo(doc, invoice.seller.logo, xml !== null));
  drawLinesTable(flow, context);
  flow.y -= 2 * MM;
  drawTotals(flow, context);
  const taxNotes = exemptionNotes(context);
  if (taxNotes.length) {
    flow.y -= BLOCK_GAP;
    drawParagraphs(flow, typesetter, taxNotes);
  }
  if (invoice.notes?.trim()) {
    flow.y -= BLOCK_GAP;
    drawParagraphs(flow, typesetter, [invoice.notes.trim()]);
  }
  flow.y -= BLOCK_GAP;
  drawPaymentBlock(flow, context);
  flow.pages.forEach((page, index) => drawFooter(page, footer, labels.page(index + 1, flow.pages.length), typesetter));

  const title = labels.title[invoice.type](invoice.number);
  writeDocumentMetadata(doc, {
    title,
    author: invoice.seller.name,
    subject: `${title}, ${format.date(invoice.issueDate)}, ${invoice.buyer.name}`,
    language: DOCUMENT_LANGUAGES[invoice.language],
    now,
    id,
    pdfA: xml !== null,
    facturX: xml !== null ? FACTUR_X_PROPERTIES : null,
  });
  if (xml !== null) {
    await attachFacturXml(doc, xml, now);
    addSrgbOutputIntent(doc);
  }
  await doc.flush();
  addTrueTypeLengths(doc);
  // No object streams: PDF/A-1 forbids them and some archive validators still apply that rule.
  // pdf-lib yields to the event loop every `objectsPerTick` objects, a timer tick each: not here.
  return doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false, objectsPerTick: Infinity });
}

/** 16 bytes that change whenever anything printed or embedded changes (trailer /ID). */
function documentId(invoice: OutgoingInvoice, now: Date, xml: string | null): Uint8Array {
  const hash = createHash('sha256');
  const { logo } = invoice.seller;
  hash.update(JSON.stringify({ ...invoice, seller: { ...invoice.seller, logo: null } }));
  if (logo) hash.update(logo.bytes);
  hash.update(now.toISOString());
  if (xml !== null) hash.update(xml);
  return new Uint8Array(hash.digest().subarray(0, 16));
}

/** Six capital letters for the subset font names, from the document ID. */
function subsetTag(id: Uint8Array): string {
  return Array.from(id.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join('');
}

/**
 * The logo, or null to print the seller's name instead. A logo that cannot be decoded is left out:
 * issuing the invoice matters more than its decoration, and the upload is where a broken file
 * should be caught. So is a CMYK JPEG in a PDF/A file, whose sRGB output intent does not cover
 * CMYK (ISO 19005-3, 6.2.4.3); PNG is always RGB or grey.
 */
async function embedLogo(doc: PDFDocument, logo: OutgoingSeller['logo'], pdfA: boolean): Promise<PDFImage | null> {
  if (!logo) return null;
  try {
    if (logo.mimeType === 'image/png') return await doc.embedPng(logo.bytes);
    if (pdfA && (await JpegEmbedder.for(logo.bytes)).colorSpace === 'DeviceCMYK') return null;
    return await doc.embedJpg(logo.bytes);
  } catch {
    return null;
  }
}
