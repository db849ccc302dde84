import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MASTER_DATA_IMPORT_MAX_BYTES } from '@kontor/domain/master-data-import';
import { AppError } from '../../lib/app-error';
import { translateValidation } from '../../lib/i18n';

/** What an import route received: the CSV bytes, the optional column mapping and any other text fields. */
export interface ImportUpload {
  file: Buffer;
  /** The name the browser sent ('' when none): the counterparty import tells CSV from XLSX by it. */
  fileName: string;
  mapping: Record<string, string> | null;
  fields: Record<string, string>;
}

const mappingSchema = z.record(z.string().max(50), z.string().max(200));

function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Reads the multipart body: part `file` (the CSV) and text field `mapping` (JSON: field → header),
 * in any order. A file above the limit is refused while it streams, before it is held in memory.
 */
export async function readImportUpload(
  request: FastifyRequest,
  { maxBytes = MASTER_DATA_IMPORT_MAX_BYTES }: { maxBytes?: number } = {},
): Promise<ImportUpload> {
  let file: Buffer | null = null;
  let fileName = '';
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10 } }) as AsyncIterable<Multipart>;
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        file = await part.toBuffer();
        fileName = part.filename;
        if (part.file.truncated) throw new AppError('import_too_large', { maxMb: maxBytes / 1024 / 1024 });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (isFileTooLarge(error)) throw new AppError('import_too_large', { maxMb: maxBytes / 1024 / 1024 });
    throw error;
  }
  if (!file || file.length === 0) throw new AppError('upload_no_files');
  return { file, fileName, mapping: parseMapping(fields.mapping, request), fields };
}

function parseMapping(raw: string | undefined, request: FastifyRequest): Record<string, string> | null {
  if (raw === undefined || raw.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  const parsed = mappingSchema.safeParse(value);
  if (!parsed.success) {
    throw new AppError('validation_failed', undefined, {
      fieldErrors: { mapping: [translateValidation('invalid', request.locale)] },
    });
  }
  return parsed.data;
}
