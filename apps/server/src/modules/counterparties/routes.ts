import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityEntrySchema,
  createCounterpartyBodySchema,
  counterpartyExportQuerySchema,
  counterpartyListQuerySchema,
  counterpartyListResponseSchema,
  counterpartySchema,
  counterpartySearchQuerySchema,
  counterpartySummarySchema,
  counterpartyTrustBodySchema,
  createCounterpartyFromInvoiceSchema,
  listResponse,
  updateCounterpartyBodySchema,
} from '@kontor/domain';
import { translateServiceFieldErrors } from '../../lib/field-errors';
import { sendExportFile } from '../../lib/table-export';
import { access } from '../../plugins/access';
import { exportCounterpartyList } from './export-list';
import { deleteQuery, idParams } from '../master-data/route-schemas';
import { listCounterparties } from './list-service';
import { MANAGE_COUNTERPARTIES, TRUST_COUNTERPARTIES } from './policy';
import { CounterpartyRecordService } from './record-service';
import { CounterpartyService } from './service';

/**
 * /api/counterparties: the records of SPEC §3 (list, detail, create, edit, delete, trust,
 * activity) and, for the invoice form's picker, lookup and inline create.
 */
export const counterpartyRoutes: FastifyPluginAsyncZod = async (app) => {
  const pickers = new CounterpartyService(app.database, app.vatCheck);
  const records = new CounterpartyRecordService(app.database, app.vatCheck);
  const tags = ['counterparties'];
  const resource = 'counterparty';
  const manage = access.permission(...MANAGE_COUNTERPARTIES);
  const trust = access.permission(...TRUST_COUNTERPARTIES);
  app.setErrorHandler(translateServiceFieldErrors);

  app.get(
    '/',
    {
      config: { access: access.member },
      schema: { tags, querystring: counterpartyListQuerySchema, response: { 200: counterpartyListResponseSchema } },
    },
    async (request) => listCounterparties(app.database, request.org!, request.query),
  );

  app.get(
    '/export',
    {
      config: { access: access.member },
      schema: {
        tags,
        summary: 'The list as a spreadsheet: every counterparty of the search and filters, in its order (XLSX or CSV).',
        querystring: counterpartyExportQuerySchema,
      },
    },
    async (request, reply) =>
      sendExportFile(reply, await exportCounterpartyList(app.database, request.org!, request.query, request.locale)),
  );

  app.get(
    '/lookup',
    {
      config: { access: access.member },
      schema: { tags, querystring: counterpartySearchQuerySchema, response: { 200: listResponse(counterpartySummarySchema) } },
    },
    async (request) => ({ items: await pickers.search(request.org!, request.query) }),
  );

  app.post(
    '/inline',
    {
      config: { access: access.member },
      schema: { tags, body: createCounterpartyFromInvoiceSchema, response: { 201: counterpartySummarySchema } },
    },
    async (request, reply) => reply.status(201).send(await pickers.create(request.org!, request.body)),
  );

  app.post(
    '/',
    { config: { access: manage }, schema: { tags, body: createCounterpartyBodySchema, response: { 201: counterpartySchema } } },
    async (request, reply) => reply.status(201).send(await records.create(request.org!, request.body)),
  );

  app.get(
    '/:id',
    { config: { access: access.member, resource }, schema: { tags, params: idParams, response: { 200: counterpartySchema } } },
    async (request) => records.get(request.org!, request.params.id),
  );

  app.put(
    '/:id',
    {
      config: { access: manage, resource },
      schema: { tags, params: idParams, body: updateCounterpartyBodySchema, response: { 200: counterpartySchema } },
    },
    async (request) => records.update(request.org!, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { config: { access: manage, resource }, schema: { tags, params: idParams, querystring: deleteQuery } },
    async (request, reply) => {
      await records.remove(request.org!, request.params.id, request.query.version);
      return reply.status(204).send();
    },
  );

  for (const [path, isTrusted] of [
    ['/:id/trust', true],
    ['/:id/untrust', false],
  ] as const) {
    app.post(
      path,
      {
        config: { access: trust, resource },
        schema: { tags, params: idParams, body: counterpartyTrustBodySchema, response: { 200: counterpartySchema } },
      },
      async (request) => records.setTrusted(request.org!, request.params.id, request.body.version, isTrusted),
    );
  }

  app.get(
    '/:id/activity',
    {
      config: { access: access.member, resource },
      schema: { tags, params: idParams, response: { 200: z.object({ items: z.array(activityEntrySchema) }) } },
    },
    async (request) => records.activity(request.org!, request.params.id),
  );
};
