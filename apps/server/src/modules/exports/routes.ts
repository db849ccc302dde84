import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createExportBodySchema,
  downloadJobListSchema,
  downloadJobSchema,
  downloadLinkSchema,
  downloadMailSchema,
  exportCheckBodySchema,
  exportCheckSchema,
  exportItemListSchema,
  exportListQuerySchema,
  exportListSchema,
  exportSettingsInputSchema,
  exportSettingsSchema,
} from '@kontor/domain';
import { access } from '../../plugins/access';

const idParams = z.object({ id: z.uuid() });

/**
 * /api/exports (issue 41): the pre-export check, starting an export (a download job), the history.
 * SPEC §2: ap_invoices:manage or payment_runs:manage; the service narrows by the export's source
 * (invoices need the first, a payment run the second).
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['exports'];
  const permission = access.permission('ap_invoices:manage', 'payment_runs:manage');
  const { service } = app.exports;
  // A selection of 10,000 invoice ids is about 400 KB of JSON.
  const bodyLimit = 1024 * 1024;

  app.post(
    '/check',
    {
      bodyLimit,
      config: { access: permission },
      schema: { tags, body: exportCheckBodySchema, response: { 200: exportCheckSchema } },
    },
    async (request) => service.check(request.org!, request.body),
  );

  app.post(
    '/',
    {
      bodyLimit,
      config: { access: permission },
      schema: { tags, body: createExportBodySchema, response: { 202: downloadJobSchema } },
    },
    async (request, reply) => reply.status(202).send(await service.create(request.org!, request.body, request.locale)),
  );

  app.get(
    '/',
    { config: { access: permission }, schema: { tags, querystring: exportListQuerySchema, response: { 200: exportListSchema } } },
    async (request) => service.list(request.org!, request.query),
  );

  app.get(
    '/:id',
    {
      config: { access: permission, resource: 'download-job' },
      schema: { tags, params: idParams, response: { 200: downloadJobSchema } },
    },
    async (request) => service.get(request.org!, request.params.id),
  );

  app.get(
    '/:id/items',
    {
      config: { access: permission, resource: 'download-job' },
      schema: { tags, params: idParams, querystring: exportListQuerySchema, response: { 200: exportItemListSchema } },
    },
    async (request) => service.items(request.org!, request.params.id, request.query),
  );
};

/** /api/download-jobs: the downloads panel (SPEC §2 §3), for every member and their own jobs. */
export const downloadJobRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['exports'];
  const { downloads } = app.exports;
  const config = { access: access.member, resource: 'download-job' };

  app.get(
    '/',
    { config: { access: access.member }, schema: { tags, response: { 200: downloadJobListSchema } } },
    async (request) => ({
      items: await downloads.listMine(request.org!),
    }),
  );

  app.get('/:id/link', { config, schema: { tags, params: idParams, response: { 200: downloadLinkSchema } } }, async (request) =>
    downloads.link(request.org!, request.params.id),
  );

  app.post('/:id/email', { config, schema: { tags, params: idParams, response: { 200: downloadMailSchema } } }, async (request) =>
    downloads.mailLink(request.org!, request.params.id, request.locale),
  );
};

/** /api/export-settings: read by whoever exports, changed by admins (Settings › Export). */
export const exportSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['exports'];
  const { settings } = app.exports;

  app.get(
    '/',
    {
      config: { access: access.permission('ap_invoices:manage', 'payment_runs:manage') },
      schema: { tags, response: { 200: exportSettingsSchema } },
    },
    async (request) => settings.get(request.org!),
  );

  app.put(
    '/',
    {
      config: { access: access.admin },
      schema: { tags, body: exportSettingsInputSchema, response: { 200: exportSettingsSchema } },
    },
    async (request) => settings.update(request.org!, request.body),
  );
};
