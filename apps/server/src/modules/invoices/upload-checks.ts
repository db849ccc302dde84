import { webcrypto } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { INVOICE_UPLOAD_LIMITS } from '@kontor/domain';
import { isReadingError } from '@kontor/formats';
import { einvoiceXmlReader } from '../../lib/xml-worker/einvoice-reader';
import { AppError } from '../../lib/app-error';
import { inspectPdf } from './pdf-inspect';

export type InvoiceMimeType = (typeof INVOICE_UPLOAD_LIMITS.mimeTypes)[number];

export interface ReceivedFile {
  fileName: string;
  body: Buffer;
}

export interface CheckedFile extends ReceivedFile {
  contentType: InvoiceMimeType;
  extension: string;
  pages: number;
  sha256: string;
}

const EXTENSIONS: Record<InvoiceMimeType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/tiff': 'tif',
  'image/webp': 'webp',
  'application/xml': 'xml',
};
const maxMb = INVOICE_UPLOAD_LIMITS.maxBytes / 1024 / 1024;

/** Busboy's limits, one above ours, so that we notice the crossing and name the file. */
export const UPLOAD_PART_LIMITS = {
  fileSize: INVOICE_UPLOAD_LIMITS.maxBytes + 1,
  files: INVOICE_UPLOAD_LIMITS.maxFiles + 1,
  fields: 10,
  parts: INVOICE_UPLOAD_LIMITS.maxFiles + 11,
  throwFileSizeLimit: false,
} as const;

/**
 * Reads the parts named `files` into memory (at most 20 × 20 MB) and refuses as soon as a limit
 * is crossed, before the rest of the request is read. Other fields are ignored.
 */
export async function receiveFiles(parts: AsyncIterableIterator<Multipart>): Promise<ReceivedFile[]> {
  const files: ReceivedFile[] = [];
  for await (const part of parts) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'files') {
      part.file.resume();
      continue;
    }
    if (files.length === INVOICE_UPLOAD_LIMITS.maxFiles) {
      part.file.resume();
      throw new AppError('upload_too_many_files', { max: INVOICE_UPLOAD_LIMITS.maxFiles });
    }
    const fileName = part.filename || 'upload';
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > INVOICE_UPLOAD_LIMITS.maxBytes) {
        part.file.resume();
        throw new AppError('upload_file_too_large', { fileName, maxMb });
      }
      chunks.push(chunk);
    }
    if (part.file.truncated) throw new AppError('upload_file_too_large', { fileName, maxMb });
    files.push({ fileName, body: Buffer.concat(chunks, size) });
  }
  if (files.length === 0) throw new AppError('upload_no_files');
  return files;
}

/** What the file is, by its content (magic bytes), never by its name or declared type. */
export async function checkInvoiceFile(file: ReceivedFile): Promise<CheckedFile> {
  const { fileName, body } = file;
  // A saved web page starts with `<` too: say what it is rather than "an XML file but not an e-invoice".
  if (looksLikeHtml(body)) throw new AppError('upload_html_not_invoice', { fileName });
  const detected = looksLikeXml(body) ? { mime: 'application/xml' } : await fileTypeFromBuffer(body);
  const contentType = detected?.mime as InvoiceMimeType | undefined;
  if (!contentType || !INVOICE_UPLOAD_LIMITS.mimeTypes.includes(contentType)) {
    throw new AppError('upload_unsupported_type', { fileName });
  }
  let pages = 1;
  if (contentType === 'application/xml') {
    await checkEInvoiceXml(fileName, body);
  } else if (contentType === 'application/pdf') {
    const inspection = await inspectPdf(body);
    if (inspection.kind === 'encrypted') throw new AppError('upload_pdf_encrypted', { fileName });
    if (inspection.kind === 'broken') throw new AppError('upload_pdf_broken', { fileName });
    if (inspection.pages > INVOICE_UPLOAD_LIMITS.maxPdfPages) {
      throw new AppError('upload_pdf_too_many_pages', {
        fileName,
        pages: inspection.pages,
        max: INVOICE_UPLOAD_LIMITS.maxPdfPages,
      });
    }
    pages = inspection.pages;
  } else {
    try {
      const { width, height } = imageSize(body);
      if (!width || !height) throw new Error('no dimensions');
    } catch {
      // The right magic bytes but no readable image header: a forged or cut-off file.
      throw new AppError('upload_unsupported_type', { fileName });
    }
  }
  return {
    ...file,
    contentType,
    extension: EXTENSIONS[contentType],
    pages,
    sha256: await sha256Hex(body),
  };
}

/** In the thread pool, not on the event loop: 20 MB take about 40 ms to hash (issue 55). */
async function sha256Hex(body: Buffer): Promise<string> {
  const digest = await webcrypto.subtle.digest('SHA-256', body);
  return Buffer.from(digest).toString('hex');
}

/** The first characters of a text file, after a byte-order mark and white space. */
function textStart(body: Buffer): string {
  return body
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
}

/** Text starting with `<`: XML, whatever its declaration says. */
function looksLikeXml(body: Buffer): boolean {
  return textStart(body).startsWith('<');
}

/** An HTML page: its doctype or root element (after an optional comment), in any case. */
function looksLikeHtml(body: Buffer): boolean {
  return /^(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i.test(textStart(body));
}

/**
 * Only e-invoices are accepted as XML: the codec reads the whole document (well-formed, no
 * DOCTYPE or external entities, a UBL Invoice/CreditNote, CII or ZUGFeRD 1 root, the mandatory
 * terms present). That is what the reading job will do anyway, and it takes milliseconds.
 */
async function checkEInvoiceXml(fileName: string, body: Buffer): Promise<void> {
  try {
    // In a worker thread: a 19 MB file must not stall the process's other requests (issue 55).
    await einvoiceXmlReader.read(new Uint8Array(body.buffer, body.byteOffset, body.length));
  } catch (error) {
    if (!isReadingError(error)) throw error;
    // Refused for safety (entity expansion, external entities), not because the file is damaged: say so.
    if (/<!DOCTYPE|<!ENTITY/i.test(body.toString('utf8', 0, Math.min(body.length, 64 * 1024)))) {
      throw new AppError('upload_xml_doctype_refused', { fileName });
    }
    if (error.code === 'malformed_xml') throw new AppError('upload_xml_malformed', { fileName });
    throw new AppError('upload_xml_not_einvoice', { fileName });
  }
}

/** All files are checked before anything is stored: one bad file refuses the whole request. */
export async function checkInvoiceFiles(files: ReceivedFile[]): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  for (const file of files) checked.push(await checkInvoiceFile(file));
  return checked;
}
