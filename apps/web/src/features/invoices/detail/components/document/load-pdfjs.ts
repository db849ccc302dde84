import type * as PdfJs from 'pdfjs-dist';

let loading: Promise<typeof PdfJs> | null = null;

/**
 * pdf.js and its worker are large; they load the first time a PDF is shown (only this screen
 * imports this module), once per page load.
 */
export function loadPdfjs(): Promise<typeof PdfJs> {
  loading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')])
    .then(([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
