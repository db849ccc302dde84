import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COUNTERPARTY_IMPORT_MAX_BYTES,
  counterpartyImportIdParams,
  counterpartyImportListSchema,
  counterpartyImportResultsQuerySchema,
  counterpartyImportStartSchema,
  counterpartyImportStatusSchema,
  counterpartyImportUploadSchema,
} from '@kontor/domain';
import { translateServiceFieldErrors } from '../../lib/field-errors';
import { access } from '../../plugins/access';
import { contentDisposition } from '../../plugins/storage-local';
import { MANAGE_COUNTERPARTIES } from '../counterparties/policy';
import { readImportUpload } from '../master-data/import-upload';
import { resultCsv } from './problem-messages';

/**
 * /api/counterparties/imports (issue 6 item 8): upload a CSV or XLSX and see its preview, start it
 * with a column mapping, follow its progress and read or download the per-row result, and find
 * recent imports again. Uploading and starting create counterparties, so they need the permission
 * to create them; reading an import or the list of them is for every member.
 */
export const counterpartyImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.counterpartyImport;
  const tags = ['counterparties'];
  const resource = 'counterparty-import';
  const manage = access.permission(...MANAGE_COUNTERPARTIES);
  app.setErrorHandler(translateServiceFieldErrors);

  app.post(
    '/',
    {
      config: { access: manage },
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: counterpartyImportUploadSchema } },
    },
    async (request, reply) => {
      const upload = await readImportUpload(request, { maxBytes: COUNTERPARTY_IMPORT_MAX_BYTES });
      return reply.status(201).send(await service.upload(request.org!, upload));
    },
  );

  app.get(
    '/',
    {
      // No id, so no resource: the organisation scope is the query's (and row-level security's).
      config: { access: access.member },
      schema: {
        tags,
        summary: 'The latest started imports, newest first, with status, counts and who started them.',
        response: { 200: counterpartyImportListSchema },
      },
    },
    async (request) => ({ items: await service.listRecent(request.org!) }),
  );

  app.post(
    '/:importId/start',
    {
      config: { access: manage, resource },
      schema: {
        tags,
        params: counterpartyImportIdParams,
        body: counterpartyImportStartSchema,
        response: { 202: counterpartyImportStatusSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await service.start(request.org!, request.params.importId, request.body)),
  );

  app.get(
    '/:importId',
    {
      config: { access: access.member, resource },
      schema: {
        tags,
        params: counterpartyImportIdParams,
        querystring: counterpartyImportResultsQuerySchema,
        response: { 200: counterpartyImportStatusSchema },
      },
    },
    async (request) => service.status(request.org!, request.params.importId, request.query, request.locale),
  );

  app.get(
    '/:importId/result.csv',
    { config: { access: access.member, resource }, schema: { tags, params: counterpartyImportIdParams } },
    async (request, reply) => {
      const { fileName, items } = await service.allResults(request.org!, request.params.importId);
      const baseName = fileName.replace(/\.[^.]+$/, '');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `${baseName}-result.csv`))
        .header('cache-control', 'no-store')
        .send(resultCsv(items, request.locale));
    },
  );
};
