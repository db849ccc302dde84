import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkArchiveBodySchema,
  bulkArchiveResponseSchema,
  chooseInvoicePaymentAccountBodySchema,
  invoiceExportQuerySchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceSchema,
  reasonBodySchema,
  updateInvoiceBodySchema,
  versionBodySchema,
} from '@kontor/domain';
import { translateServiceFieldErrors } from '../../lib/field-errors';
import { sendExportFile } from '../../lib/table-export';
import { access } from '../../plugins/access';
import { InvoiceActions } from './actions';
import { registerInvoiceApprovalRoutes } from '../approvals/invoice-approval-routes';
import { registerInvoiceFileRoutes } from './file-routes';
import { registerEmailImportRoutes } from '../email-import/routes';
import { exportInvoiceList } from './export-list';
import { listInvoices } from './list';
import { choosePaymentAccount } from './payment-account-choice';
import { InvoiceService } from './service';
import { idParams, readInvoiceUpload } from './request-parts';

const resource = 'invoice';

/** Accounts payable: upload, overview, detail, edit and status actions (Accounts payable issue). */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new InvoiceService(app.database, app.storage, app.invoiceReading.queue);
  const actions = new InvoiceActions(service);
  const tags = ['invoices'];
  const member = { access: access.member, resource };

  // Field errors the service finds (ids of another organisation) become sentences in the caller's language.
  app.setErrorHandler(translateServiceFieldErrors);

  app.post(
    '/upload',
    {
      config: { access: access.member },
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: z.object({ items: z.array(invoiceSchema) }) } },
    },
    async (request, reply) => {
      const files = await readInvoiceUpload(request);
      return reply.status(201).send({ items: await service.upload(request.org!, files) });
    },
  );

  app.get(
    '/',
    {
      config: { access: access.member },
      schema: { tags, querystring: invoiceListQuerySchema, response: { 200: invoiceListResponseSchema } },
    },
    async (request) => listInvoices(app.database, request.org!, request.query),
  );

  app.get(
    '/export',
    {
      config: { access: access.member },
      schema: {
        tags,
        summary: 'The overview as a spreadsheet: every row of the tab, search and filters, in its order (XLSX or CSV).',
        querystring: invoiceExportQuerySchema,
      },
    },
    async (request, reply) =>
      sendExportFile(reply, await exportInvoiceList(app.database, request.org!, request.query, request.locale)),
  );

  app.post(
    '/bulk-archive',
    {
      config: { access: access.member },
      schema: { tags, body: bulkArchiveBodySchema, response: { 200: bulkArchiveResponseSchema } },
    },
    async (request) => actions.bulkArchive(request.org!, request.body.ids),
  );

  app.get('/:id', { config: member, schema: { tags, params: idParams, response: { 200: invoiceSchema } } }, async (request) =>
    service.get(request.org!, request.params.id),
  );

  app.put(
    '/:id',
    { config: member, schema: { tags, params: idParams, body: updateInvoiceBodySchema, response: { 200: invoiceSchema } } },
    async (request) => service.update(request.org!, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      config: member,
      // Optional here so that an unknown id answers 404 before a missing version answers 400.
      schema: { tags, params: idParams, querystring: z.object({ version: z.coerce.number().int().min(1).optional() }) },
    },
    async (request, reply) => {
      await actions.delete(request.org!, request.params.id, request.query.version);
      return reply.status(204).send();
    },
  );

  app.post(
    '/:id/cancel',
    { config: member, schema: { tags, params: idParams, body: reasonBodySchema, response: { 200: invoiceSchema } } },
    async (request) => actions.cancel(request.org!, request.params.id, request.body),
  );

  app.post(
    '/:id/archive',
    { config: member, schema: { tags, params: idParams, body: versionBodySchema, response: { 200: invoiceSchema } } },
    async (request) => actions.archive(request.org!, request.params.id, request.body.version),
  );

  app.post(
    '/:id/restore',
    { config: member, schema: { tags, params: idParams, body: versionBodySchema, response: { 200: invoiceSchema } } },
    async (request) => actions.restore(request.org!, request.params.id, request.body.version),
  );

  app.post(
    '/:id/payment-account',
    {
      config: member,
      schema: {
        tags,
        summary: "Pay the invoice to the document's account or one of the counterparty's stored accounts.",
        params: idParams,
        body: chooseInvoicePaymentAccountBodySchema,
        response: { 200: invoiceSchema },
      },
    },
    async (request) => choosePaymentAccount(service, request.org!, request.params.id, request.body),
  );

  registerInvoiceFileRoutes(app, service);
  registerEmailImportRoutes(app);
  registerInvoiceApprovalRoutes(app);
};
