/** OCR of invoice images and scanned PDFs (tesseract.js, offline). */
export { closeOcr, recognizeImage, type OcrOptions, type OcrResult } from './tesseract.js';
export { readScannedPdf, type ScannedPdfOptions, type ScannedPdfResult } from './scanned-pdf.js';
