import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ledgerAccountInputSchema, ledgerAccountSchema, importResultSchema, listResponse } from '@kontor/domain';
import { access } from '../../plugins/access';
import { LedgerAccountService } from './ledger-account-service';
import { readImportUpload } from './import-upload';
import { deleteQuery, idParams, versionField } from './route-schemas';

/** Ledger accounts ("0000 - Name"): everyone reads them for the invoice form; admins maintain them. */
export const ledgerAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new LedgerAccountService(app.database);
  const tags = ['master-data'];
  const resource = 'ledger-account';

  app.get(
    '/',
    { config: { access: access.member }, schema: { tags, response: { 200: listResponse(ledgerAccountSchema) } } },
    async (request) => ({ items: await service.list(request.org!) }),
  );

  app.post(
    '/',
    {
      config: { access: access.admin },
      schema: { tags, body: ledgerAccountInputSchema, response: { 201: ledgerAccountSchema } },
    },
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
      schema: {
        tags,
        params: idParams,
        body: ledgerAccountInputSchema.extend(versionField),
        response: { 200: ledgerAccountSchema },
      },
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
