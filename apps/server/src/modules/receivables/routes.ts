import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityEntrySchema,
  arCancelSchema,
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
import { exportArInvoiceList } from './export-list';
import { MANAGE_RECEIVABLES } from './policy';
import { ReceivableService } from './service';

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
};
