import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityEntrySchema,
  arCancelSchema,
  arImportResultSchema,
  arInvoiceExportQuerySchema,
  arInvoiceInputSchema,
  arInvoiceListQuerySchema,
  arInvoiceListResponseSchema,
  arInvoiceSchema,
  arMarkPaidSchema,
  arVersionSchema,
} from '@kontor/domain';
import { translateServiceFieldErrors } from '../../lib/field-errors';
import { sendExportFile } from '../../lib/table-export';
import { access } from '../../plugins/access';
import { idParams } from '../master-data/route-schemas';
import { AppError } from '../../lib/app-error';
import { readImportUpload } from '../master-data/import-upload';
import { importReceivablesCsv } from './csv-import';
import { AR_IMPORT_MAX_BYTES, importEInvoiceReceivable } from './einvoice-import';
import { exportArInvoiceList } from './export-list';
import { MANAGE_RECEIVABLES } from './policy';
import { ReceivableService } from './service';
import { registerDocumentRoutes } from './document-routes';

/**
 * /api/ar-invoices: outgoing invoices and credit notes (issue 64, SPEC §1 accounts receivable):
 * the overview's list, create (as a draft or issued at once), edit, issue, payments received,
 * unpaid, cancel, restore, and the activity of each.
 */
export const receivableRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ReceivableService(app.database);
  const tags = ['accounts-receivable'];
  const resource = 'ar-invoice';
  const manage = access.permission(...MANAGE_RECEIVABLES);
  const reply200 = { 200: arInvoiceSchema };
  app.setErrorHandler(translateServiceFieldErrors);

  app.get(
    '/',
    {
      config: { access: manage },
      schema: { tags, querystring: arInvoiceListQuerySchema, response: { 200: arInvoiceListResponseSchema } },
    },
    async (request) => service.list(request.org!, request.query),
  );

  app.get(
    '/export',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'The overview as a file: every receivable of the tab, filters and search, in its order (CSV or XLSX).',
        querystring: arInvoiceExportQuerySchema,
      },
    },
    async (request, reply) =>
      sendExportFile(reply, await exportArInvoiceList(app.database, request.org!, request.query, request.locale)),
  );

  app.post(
    '/',
    {
      config: { access: manage },
      schema: {
        tags,
        body: arInvoiceInputSchema.and(z.object({ issue: z.boolean().optional() })),
        response: { 201: arInvoiceSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.org!, request.body)),
  );

  app.post(
    '/imports/einvoice',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Takes over an existing outgoing invoice from its e-invoice (XRechnung UBL/CII, ZUGFeRD/Factur-X XML or PDF).',
        consumes: ['multipart/form-data'],
        response: { 201: arInvoiceSchema },
      },
    },
    async (request, reply) => {
      const file = await request.file({ limits: { fileSize: AR_IMPORT_MAX_BYTES, files: 1 } });
      if (!file) throw new AppError('validation_failed', undefined, { fieldErrors: { file: ['required'] } });
      const body = await file.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('upload_file_too_large', { fileName: file.filename, maxMb: AR_IMPORT_MAX_BYTES / 1024 / 1024 });
        }
        throw error;
      });
      return reply.status(201).send(await importEInvoiceReceivable(app.database, request.org!, file.filename, body));
    },
  );

  app.post(
    '/imports/csv',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Takes over existing receivables from a CSV, one invoice per row, with an optional column mapping.',
        consumes: ['multipart/form-data'],
        response: { 200: arImportResultSchema },
      },
    },
    async (request) => importReceivablesCsv(app.database, request.org!, await readImportUpload(request)),
  );

  app.get(
    '/:id',
    { config: { access: manage, resource }, schema: { tags, params: idParams, response: reply200 } },
    async (request) => service.get(request.org!, request.params.id),
  );

  app.put(
    '/:id',
    {
      config: { access: manage, resource },
      schema: { tags, params: idParams, body: arInvoiceInputSchema.and(arVersionSchema), response: reply200 },
    },
    async (request) => service.update(request.org!, request.params.id, request.body),
  );

  app.post(
    '/:id/payments',
    {
      config: { access: manage, resource },
      schema: { tags, params: idParams, body: arMarkPaidSchema.and(arVersionSchema), response: reply200 },
    },
    async (request) => service.recordPayment(request.org!, request.params.id, request.body),
  );

  app.post(
    '/:id/cancel',
    {
      config: { access: manage, resource },
      schema: { tags, params: idParams, body: arCancelSchema.and(arVersionSchema), response: reply200 },
    },
    async (request) => service.cancel(request.org!, request.params.id, request.body),
  );

  // Status changes that need nothing but the version the person saw.
  const versionOnly = { issue: 'issue', unpaid: 'markUnpaid', restore: 'restore' } as const;
  for (const [path, method] of Object.entries(versionOnly)) {
    app.post(
      `/:id/${path}`,
      { config: { access: manage, resource }, schema: { tags, params: idParams, body: arVersionSchema, response: reply200 } },
      async (request) => service[method](request.org!, request.params.id, request.body.version),
    );
  }

  app.get(
    '/:id/activity',
    {
      config: { access: manage, resource },
      schema: { tags, params: idParams, response: { 200: z.object({ items: z.array(activityEntrySchema) }) } },
    },
    async (request) => service.activity(request.org!, request.params.id),
  );

  registerDocumentRoutes(app, manage, resource);
};
