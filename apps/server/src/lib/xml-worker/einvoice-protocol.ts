import type { ExtractedInvoice, ReadingErrorCode } from '@kontor/formats';

/** One XML document to read; its bytes are transferred, not copied. */
export interface WorkerRequest {
  id: number;
  bytes: Uint8Array;
}

export type WorkerResponse =
  | { id: number; ok: true; invoice: ExtractedInvoice }
  | { id: number; ok: false; readingError: { code: ReadingErrorCode; message: string } }
  | { id: number; ok: false; internal: string };
