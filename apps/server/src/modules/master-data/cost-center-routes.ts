import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { costCenterInputSchema, costCenterSchema, importResultSchema, listResponse } from '@kontor/domain';
import { access } from '../../plugins/access';
import { CostCenterService } from './cost-center-service';
import { readImportUpload } from './import-upload';
import { deleteQuery, idParams, versionField } from './route-schemas';

const listQuery = z.object({
  type: z
    .enum(['1', '2'])
    .transform((value) => Number(value) as 1 | 2)
    .optional(),
});

/** Cost centres (KOST1/KOST2): everyone reads them for the invoice form; admins maintain them. */
export const costCenterRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new CostCenterService(app.database);
  const tags = ['master-data'];
  const resource = 'cost-center';

  app.get(
    '/',
    {
      config: { access: access.member },
      schema: { tags, querystring: listQuery, response: { 200: listResponse(costCenterSchema) } },
    },
    async (request) => ({ items: await service.list(request.org!, request.query.type) }),
  );

  app.post(
    '/',
    { config: { access: access.admin }, schema: { tags, body: costCenterInputSchema, response: { 201: costCenterSchema } } },
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
      schema: { tags, params: idParams, body: costCenterInputSchema.extend(versionField), response: { 200: costCenterSchema } },
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
