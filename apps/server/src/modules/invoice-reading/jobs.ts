import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { closeOcr } from '@kontor/formats';
import type { OrgId } from '../../db/database';
import { InvoiceReader, markFailed } from './reader';

export const READ_INVOICE_JOB = 'invoices.read-document';
const payloadSchema = z.object({ orgId: z.uuid(), invoiceId: z.uuid() });

/** What the invoices module needs to start a reading: uploads and e-mail imports call it after commit. */
export interface ReadingQueue {
  /** Off (INVOICE_READING=0): documents stay unread and new invoices keep ocr status none. */
  readonly isEnabled: boolean;
  enqueue(orgId: OrgId, invoiceIds: string[]): Promise<void>;
}

export interface InvoiceReadingModule {
  queue: ReadingQueue;
  /** The job's work, for tests that run it in place of a worker. */
  reader: InvoiceReader;
}

declare module 'fastify' {
  interface FastifyInstance {
    invoiceReading: InvoiceReadingModule;
  }
}

export async function registerInvoiceReading(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ module: 'invoice-reading' });
  const reader = new InvoiceReader(app.database, app.storage, log);
  await app.jobs.register({
    name: READ_INVOICE_JOB,
    schema: payloadSchema,
    handler: (payload) => reader.run(payload),
    // The handler ends every reading failure itself ('failed'); retries cover lost connections.
    options: { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 10 * 60 },
  });
  const queue: ReadingQueue = {
    isEnabled: app.config.reading.enabled,
    async enqueue(orgId, invoiceIds) {
      for (const invoiceId of invoiceIds) {
        try {
          // One queued reading per invoice: a second upload hook or import retry does not double it.
          await app.jobs.send(READ_INVOICE_JOB, { orgId, invoiceId }, { singletonKey: invoiceId });
        } catch (error) {
          // Never leave an invoice locked as "being read" without a job behind it.
          log.error({ err: error, invoiceId }, 'could not queue the reading');
          await app.database.withOrg({ orgId, userId: null }, (tx) => markFailed(tx, orgId, invoiceId, 'internal'));
        }
      }
    },
  };
  app.decorate('invoiceReading', { queue, reader });
  // The OCR worker (tesseract.js) holds ~100 MB of language data: released with the app.
  app.addHook('onClose', async () => closeOcr());
}
