import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Opens a PDF with pdf.js (the library the browser viewer uses too) to learn whether it is
 * readable and how many pages it has. The legacy build is the one that runs on Node 20.
 * Only PDFs that need a password to open count as encrypted: owner-password "restrictions"
 * (no printing, no copying) still let us and the OCR read every page, and suppliers send many.
 */
export type PdfInspection = { kind: 'ok'; pages: number } | { kind: 'encrypted' } | { kind: 'broken' };

let pdfjs: Promise<typeof PdfJsModule> | undefined;

export async function inspectPdf(body: Buffer): Promise<PdfInspection> {
  // Loaded on first use: pdf.js is large and most requests never need it.
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument, VerbosityLevel } = await pdfjs;
  // A copy: pdf.js may transfer (detach) the buffer it is given.
  const task = getDocument({
    data: new Uint8Array(body),
    isEvalSupported: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    const document = await task.promise;
    const pages = document.numPages;
    // The first page must load too: a cut-off file often still has a readable trailer.
    if (pages > 0) await document.getPage(1);
    await document.destroy();
    return pages > 0 ? { kind: 'ok', pages } : { kind: 'broken' };
  } catch (error) {
    await task.destroy().catch(() => {});
    return (error as { name?: string }).name === 'PasswordException' ? { kind: 'encrypted' } : { kind: 'broken' };
  }
}
