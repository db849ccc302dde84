import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  counterpartySearchQuerySchema,
  counterpartySummarySchema,
  createCounterpartyInlineSchema,
  listResponse,
} from '@kontor/domain';
import { access } from '../../plugins/access';
import { idParams } from '../master-data/route-schemas';
import { CounterpartyService } from './service';

/**
 * What the invoice form needs: search, one by id, create inline. Any member may create one, since
 * whoever edits an invoice may meet a new supplier; the Counterparties issue adds the rest.
 */
export const counterpartyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new CounterpartyService(app.database);
  const tags = ['counterparties'];

  app.get(
    '/',
    {
      config: { access: access.member },
      schema: { tags, querystring: counterpartySearchQuerySchema, response: { 200: listResponse(counterpartySummarySchema) } },
    },
    async (request) => ({ items: await service.search(request.org!, request.query) }),
  );

  app.get(
    '/:id',
    {
      config: { access: access.member, resource: 'counterparty' },
      schema: { tags, params: idParams, response: { 200: counterpartySummarySchema } },
    },
    async (request) => service.get(request.org!, request.params.id),
  );

  app.post(
    '/',
    {
      config: { access: access.member },
      schema: { tags, body: createCounterpartyInlineSchema, response: { 201: counterpartySummarySchema } },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.org!, request.body)),
  );
};
