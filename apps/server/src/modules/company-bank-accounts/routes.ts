import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyBankAccountInputSchema, companyBankAccountSchema, listResponse } from '@kontor/domain';
import { access } from '../../plugins/access';
import { deleteQuery, idParams, versionField } from '../master-data/route-schemas';
import { CompanyBankAccountService } from './service';

/** The organisation's own accounts (debitor of payments); members read them for the invoice form. */
export const companyBankAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new CompanyBankAccountService(app.database);
  const tags = ['company-bank-accounts'];
  const resource = 'company-bank-account';

  app.get(
    '/',
    { config: { access: access.member }, schema: { tags, response: { 200: listResponse(companyBankAccountSchema) } } },
    async (request) => ({ items: await service.list(request.org!) }),
  );

  app.post(
    '/',
    {
      config: { access: access.admin },
      schema: { tags, body: companyBankAccountInputSchema, response: { 201: companyBankAccountSchema } },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.org!, request.body)),
  );

  app.put(
    '/:id',
    {
      config: { access: access.admin, resource },
      schema: {
        tags,
        params: idParams,
        body: companyBankAccountInputSchema.extend(versionField),
        response: { 200: companyBankAccountSchema },
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
