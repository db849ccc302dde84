import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taxKeyInputSchema, taxKeySchema, importResultSchema, listResponse } from '@kontor/domain';
import { access } from '../../plugins/access';
import { TaxKeyService } from './tax-key-service';
import { readImportUpload } from './import-upload';
import { deleteQuery, idParams, versionField } from './route-schemas';

/**
 * Tax keys: the 14 system keys (locked but for their external code) and custom keys. PUT takes
 * any subset of the fields plus the version; on a system key only externalCode may differ.
 */
export const taxKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new TaxKeyService(app.database);
  const tags = ['master-data'];
  const resource = 'tax-key';

  app.get(
    '/',
    { config: { access: access.member }, schema: { tags, response: { 200: listResponse(taxKeySchema) } } },
    async (request) => ({ items: await service.list(request.org!) }),
  );

  app.post(
    '/',
    { config: { access: access.admin }, schema: { tags, body: taxKeyInputSchema, response: { 201: taxKeySchema } } },
    async (request, reply) => reply.status(201).send(await service.create(request.org!, request.body)),
  );

  app.post(
    '/import',
    {
      config: { access: access.admin },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: importResultSchema } },
    },
    async (request) => service.importCsv(request.org!, await readImportUpload(request)),
  );

  app.put(
    '/:id',
    {
      config: { access: access.admin, resource },
      schema: { tags, params: idParams, body: taxKeyInputSchema.partial().extend(versionField), response: { 200: taxKeySchema } },
    },
    async (request) => service.update(request.org!, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { config: { access: access.admin, resource }, schema: { tags, params: idParams, querystring: deleteQuery } },
    async (request, reply) => {
      await service.remove(request.org!, request.params.id, request.query.version);
      return reply.status(204).send();
    },
  );
};
