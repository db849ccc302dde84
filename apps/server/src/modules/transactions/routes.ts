import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTransactionBodySchema,
  postponeTransactionBodySchema,
  transactionAnalysisDecisionBodySchema,
  transactionDashboardQuerySchema,
  transactionDashboardSchema,
  transactionListQuerySchema,
  transactionListResponseSchema,
  transactionNotesBodySchema,
  transactionReasonActionBodySchema,
  transactionSchema,
  transactionVersionBodySchema,
  updateTransactionBodySchema,
} from '@kontor/domain';
import { access } from '../../plugins/access';
import { TransactionService } from './transaction-service';

const idParams = z.object({ id: z.uuid() });
const invoiceParams = z.object({ invoiceId: z.uuid() });

/** /api/transactions (issue 7 items 2, 6, 7): payments, their actions, fraud analysis and the dashboard. */
export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new TransactionService(app.database);
  const tags = ['transactions'];
  const manage = access.permission('payment_runs:manage');
  const resource = 'transaction';
  const one = { 200: transactionSchema };

  app.get(
    '/',
    {
      config: { access: manage },
      schema: { tags, querystring: transactionListQuerySchema, response: { 200: transactionListResponseSchema } },
    },
    async (request) => service.list(request.org!, request.query),
  );

  app.get(
    '/dashboard',
    {
      config: { access: manage },
      schema: { tags, querystring: transactionDashboardQuerySchema, response: { 200: transactionDashboardSchema } },
    },
    async (request) => service.dashboard(request.org!, request.query.range),
  );

  app.post(
    '/',
    { config: { access: manage }, schema: { tags, body: createTransactionBodySchema, response: { 201: transactionSchema } } },
    async (request, reply) => reply.status(201).send(await service.create(request.org!, request.body)),
  );

  app.post(
    '/from-invoice/:invoiceId',
    {
      config: { access: manage, resource: 'invoice' },
      schema: { tags, params: invoiceParams, response: { 200: transactionSchema, 201: transactionSchema } },
    },
    async (request, reply) => {
      const { transaction, created } = await service.createFromInvoice(request.org!, request.params.invoiceId, request.locale);
      return reply.status(created ? 201 : 200).send(transaction);
    },
  );

  app.get('/:id', { config: { access: manage, resource }, schema: { tags, params: idParams, response: one } }, async (request) =>
    service.get(request.org!, request.params.id),
  );

  app.patch(
    '/:id',
    {
      config: { access: manage, resource },
      schema: { tags, params: idParams, body: updateTransactionBodySchema, response: one },
    },
    async (request) => service.update(request.org!, request.params.id, request.body),
  );

  app.put(
    '/:id/notes',
    { config: { access: manage, resource }, schema: { tags, params: idParams, body: transactionNotesBodySchema, response: one } },
    async (request) => service.notes(request.org!, request.params.id, request.body),
  );

  for (const event of ['cancel', 'archive'] as const) {
    app.post(
      `/:id/${event}`,
      {
        config: { access: manage, resource },
        schema: { tags, params: idParams, body: transactionReasonActionBodySchema, response: one },
      },
      async (request) => service.archive(request.org!, request.params.id, event, request.body),
    );
  }

  app.post(
    '/:id/reactivate',
    {
      config: { access: manage, resource },
      schema: { tags, params: idParams, body: transactionVersionBodySchema, response: one },
    },
    async (request) => service.reactivate(request.org!, request.params.id, request.body),
  );

  app.post(
    '/:id/postpone',
    {
      config: { access: manage, resource },
      schema: { tags, params: idParams, body: postponeTransactionBodySchema, response: one },
    },
    async (request) => service.postpone(request.org!, request.params.id, request.body),
  );

  app.post(
    '/:id/analysis',
    {
      config: { access: manage, resource },
      schema: { tags, params: idParams, body: transactionAnalysisDecisionBodySchema, response: one },
    },
    async (request) => service.decideAnalysis(request.org!, request.params.id, request.body),
  );

  app.post(
    '/:id/analyse',
    {
      config: { access: manage, resource },
      schema: { tags, params: idParams, body: transactionVersionBodySchema, response: one },
    },
    async (request) => service.analyse(request.org!, request.params.id, request.body),
  );
};
