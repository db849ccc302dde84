import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UPLOAD_PART_LIMITS, checkInvoiceFiles, receiveFiles, type CheckedFile } from './upload-checks';

export const idParams = z.object({ id: z.uuid() });
export const fileParams = idParams.extend({ fileId: z.uuid() });

/** Reads and checks the `files` parts of a multipart request (all of them, before anything is stored). */
export async function readInvoiceUpload(request: FastifyRequest): Promise<CheckedFile[]> {
  // throwFileSizeLimit is an @fastify/multipart option its types only list for file()/files().
  const options = { limits: UPLOAD_PART_LIMITS, throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];
  return checkInvoiceFiles(await receiveFiles(request.parts(options)));
}
