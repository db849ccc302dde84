/**
 * OCR with tesseract.js (German + English), fully offline. tesseract.js fetches language data
 * from a CDN unless `langPath` points at a folder holding every requested `*.traineddata.gz`; the
 * @tesseract.js-data packages keep deu and eng in separate folders, so both files are linked into
 * one cache folder at start-up. One worker is created lazily and reused: start-up costs far more
 * than a page, and one worker bounds memory (the server runs OCR inside a pg-boss job).
 */
import { copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { type Block, createWorker, PSM, type Worker } from 'tesseract.js';
import { ReadingError } from '../extracted-invoice.js';
import { layoutLines, type PositionedText, type Run } from '../text/pdf-text.js';

export interface OcrOptions {
  /** Resolution the image was rendered at; tesseract guesses (badly) from missing metadata. */
  dpi?: number;
  /** Languages joined by "+"; only deu and eng ship with the project. */
  languages?: 'deu+eng' | 'deu' | 'eng';
}

export interface OcrResult {
  /** The page as lines and cells laid out like the PDF text layer (rows by baseline across columns). */
  text: string;
  /** The same text with the page position of each cell, for the reader's column lookup. */
  positioned: PositionedText;
  /** Mean word confidence 0..1. */
  confidence: number;
  ms: number;
}

const LANGS = ['deu', 'eng'] as const;
let worker: Promise<Worker> | null = null;
// Calls are serialised: tesseract.js workers handle one job at a time anyway, and a queue keeps
// exactly one page image in memory.
let queue: Promise<unknown> = Promise.resolve();

/** One folder with deu.traineddata.gz and eng.traineddata.gz (links, or copies where links fail). */
export function languageFolder(): string {
  const dir = path.join(os.tmpdir(), 'kontor-tessdata-4.0.0');
  mkdirSync(dir, { recursive: true });
  const require = createRequire(import.meta.url);
  for (const lang of LANGS) {
    const target = path.join(dir, `${lang}.traineddata.gz`);
    if (existsSync(target)) continue;
    const pkg = path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
    const file = path.join(pkg, '4.0.0', `${lang}.traineddata.gz`);
    // A dangling link from an earlier checkout (existsSync follows links) is replaced.
    rmSync(target, { force: true });
    try {
      symlinkSync(file, target);
    } catch {
      copyFileSync(file, target);
    }
  }
  return dir;
}

function getWorker(): Promise<Worker> {
  worker ??= createWorker([...LANGS], 1, {
    langPath: languageFolder(),
    gzip: true,
    cacheMethod: 'none',
    // tesseract.js logs errors itself and then rejects; the rejection is what we handle.
    errorHandler: () => undefined,
  }).catch((error: unknown) => {
    worker = null;
    throw new ReadingError('ocr_failed', error instanceof Error ? error.message : String(error));
  });
  return worker;
}

/** OCRs one image (PNG/JPEG/… bytes). */
export function recognizeImage(image: Uint8Array, options: OcrOptions = {}): Promise<OcrResult> {
  const run = queue.then(async () => {
    const started = performance.now();
    const w = await getWorker();
    try {
      await w.setParameters({
        tessedit_pageseg_mode: PSM.AUTO,
        // Keeps runs of spaces between columns, which the field reader uses to tell label from value.
        preserve_interword_spaces: '1',
        user_defined_dpi: String(options.dpi ?? 300),
      });
      const { data } = await w.recognize(
        Buffer.from(image.buffer, image.byteOffset, image.byteLength),
        {},
        { text: true, blocks: true },
      );
      const positioned = data.blocks ? layoutLines(wordRuns(data.blocks)) : { text: data.text, layout: [] };
      return {
        text: positioned.text,
        positioned,
        confidence: data.confidence / 100,
        ms: Math.round(performance.now() - started),
      };
    } catch (error) {
      throw new ReadingError('ocr_failed', error instanceof Error ? error.message : String(error));
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

/**
 * OCR words as positioned runs, so that the page is laid out by the same rules as a PDF's text
 * layer (pdf-text.ts): rows by baseline across tesseract's blocks (a label in one block, its value
 * in the next), column gaps as wide spaces. Image y grows downwards, PDF y upwards: negated.
 */
export function wordRuns(blocks: Block[]): Run[] {
  const runs: Run[] = [];
  for (const block of blocks) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const { x0, y0, x1, y1 } = line.baseline;
        const slope = x1 !== x0 ? (y1 - y0) / (x1 - x0) : 0;
        const height = line.rowAttributes?.rowHeight || line.bbox.y1 - line.bbox.y0 || 10;
        for (const word of line.words) {
          if (word.text.trim() === '') continue;
          const baseline = y0 + slope * (word.bbox.x0 - x0);
          runs.push({ str: word.text, x: word.bbox.x0, width: word.bbox.x1 - word.bbox.x0, y: -baseline, height });
        }
      }
    }
  }
  return runs;
}

/** Terminates the shared worker (at shutdown, or after a batch in a job). */
export async function closeOcr(): Promise<void> {
  const current = worker;
  worker = null;
  if (current) await (await current.catch(() => null))?.terminate();
}
