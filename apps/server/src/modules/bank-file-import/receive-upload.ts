import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { bankFileImportKindSchema, type BankFileImportKind } from '@kontor/domain';
import { AppError } from '../../lib/app-error';
import { translateValidation } from '../../lib/i18n';
import type { FileStorage } from '../../plugins/foundation-types';
import { decodeHead, FORMAT_HEAD_BYTES, recogniseBankFile, type BankFileFormat } from './bank-file-format';

/** A bank file that was recognised and is in storage. */
export interface ReceivedBankFile {
  kind: BankFileImportKind;
  format: BankFileFormat;
  fileName: string;
  fileKey: string;
  size: number;
}

export interface ReceiveOptions {
  storage: FileStorage;
  maxBytes: number;
  /** Where the file goes once its format is known. */
  keyFor: (format: BankFileFormat) => string;
  /** The kind the route stands for (the `kind` field is then not read). */
  kind?: BankFileImportKind;
  /**
   * Checks a bank statement's head before anything is stored (e.g. that its account is a company
   * account): receives the first kilobytes, up to the first IBAN when it comes early enough.
   */
  checkStatementHead?: (head: string) => Promise<void>;
}

function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

function tooLarge(maxBytes: number): AppError {
  return new AppError('bank_file_too_large', { maxMb: Math.floor(maxBytes / 1024 / 1024) || 1 });
}

/** Reads chunks until the format is known (or the head limit or the end is reached). */
async function readHead(
  iterator: AsyncIterator<Buffer>,
): Promise<{ chunks: Buffer[]; format: BankFileFormat | null; ended: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  for (;;) {
    const next = await iterator.next();
    if (next.done) {
      const verdict = recogniseBankFile(decodeHead(Buffer.concat(chunks)));
      return { chunks, format: verdict.kind === 'recognised' ? verdict.format : null, ended: true };
    }
    chunks.push(next.value);
    length += next.value.length;
    const verdict = recogniseBankFile(decodeHead(Buffer.concat(chunks)));
    if (verdict.kind === 'recognised') return { chunks, format: verdict.format, ended: false };
    if (verdict.kind === 'unrecognised' || length >= FORMAT_HEAD_BYTES) return { chunks, format: null, ended: false };
  }
}

/** Reads on until the head holds an IBAN element's end (the statement's account), the limit or the end. */
async function readToFirstIban(
  iterator: AsyncIterator<Buffer>,
  head: { chunks: Buffer[]; ended: boolean },
): Promise<{ chunks: Buffer[]; ended: boolean }> {
  const chunks = [...head.chunks];
  let length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  let ended = head.ended;
  const hasIban = () => /<([\w.-]+:)?IBAN>[^<]*<\//.test(decodeHead(Buffer.concat(chunks)));
  while (!ended && length < FORMAT_HEAD_BYTES && !hasIban()) {
    const next = await iterator.next();
    if (next.done) ended = true;
    else {
      chunks.push(next.value);
      length += next.value.length;
    }
  }
  return { chunks, ended };
}

/** The head chunks, then the rest of the part as it arrives: the file never sits in memory whole. */
async function* rejoined(head: Buffer[], iterator: AsyncIterator<Buffer>, ended: boolean): AsyncGenerator<Uint8Array> {
  yield* head;
  if (ended) return;
  for (;;) {
    const next = await iterator.next();
    if (next.done) return;
    yield next.value;
  }
}

function kindOf(value: string | undefined, request: FastifyRequest): BankFileImportKind {
  const parsed = bankFileImportKindSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AppError('validation_failed', undefined, {
    fieldErrors: { kind: [translateValidation(value === undefined ? 'required' : 'invalid', request.locale)] },
  });
}

/** Streams the file part to storage after checking kind and format; refuses everything else before storing. */
async function storeFilePart(part: MultipartFile, kind: BankFileImportKind, options: ReceiveOptions): Promise<ReceivedBankFile> {
  const iterator = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head = await readHead(iterator);
  // Refused for safety (entity expansion, external entities): say so rather than "not a bank file".
  if (/<!DOCTYPE|<!ENTITY/i.test(decodeHead(Buffer.concat(head.chunks)))) throw new AppError('bank_file_doctype_refused');
  if (!head.format) throw new AppError('bank_file_unrecognised');
  if (head.format === 'camt.053' && kind === 'transactions') throw new AppError('bank_file_wrong_kind');
  if (head.format !== 'camt.053' && kind === 'bank_statement') throw new AppError('bank_statement_not_camt');
  let { chunks, ended } = head;
  if (kind === 'bank_statement' && options.checkStatementHead) {
    ({ chunks, ended } = await readToFirstIban(iterator, head));
    await options.checkStatementHead(decodeHead(Buffer.concat(chunks)));
  }
  const fileKey = options.keyFor(head.format);
  try {
    const { size } = await options.storage.putStream(fileKey, rejoined(chunks, iterator, ended), 'application/xml');
    if (part.file.truncated) throw tooLarge(options.maxBytes);
    return { kind, format: head.format, fileName: part.filename.slice(0, 255) || `${head.format}.xml`, fileKey, size };
  } catch (error) {
    // Whatever was stored of a refused file goes (the local store already dropped its temporary file).
    await options.storage.delete(fileKey);
    throw error;
  }
}

/**
 * Reads POST /api/bank-file-imports: the text field `kind` first, then the part `file`. The file
 * streams to storage (a 100,000-entry camt.053 is about 60 MB) under the route's own size limit;
 * only its first kilobytes are held, to recognise pain.001 or camt.053 before anything is stored.
 */
export async function receiveBankFile(request: FastifyRequest, options: ReceiveOptions): Promise<ReceivedBankFile> {
  let kindValue: string | undefined;
  let received: ReceivedBankFile | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: options.maxBytes, files: 1, fields: 5 } }) as AsyncIterable<Multipart>;
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'kind' && typeof part.value === 'string') kindValue = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        continue;
      }
      try {
        received = await storeFilePart(part, options.kind ?? kindOf(kindValue, request), options);
      } catch (error) {
        // Let the rest of the refused upload drain so that the answer goes out at once.
        part.file.resume();
        throw error;
      }
    }
  } catch (error) {
    // A stored file whose request failed afterwards (e.g. a part too many) would have no import.
    if (received) await options.storage.delete(received.fileKey);
    if (isFileTooLarge(error)) throw tooLarge(options.maxBytes);
    throw error;
  }
  if (!received) {
    // A request without a file also answers a missing kind first: both are needed.
    if (!options.kind) kindOf(kindValue, request);
    throw new AppError('bank_file_missing');
  }
  return received;
}
