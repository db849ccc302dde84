import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPaymentRunBodySchema,
  openPaymentRunsResponseSchema,
  paymentRunExportBodySchema,
  paymentRunListQuerySchema,
  paymentRunListResponseSchema,
  paymentRunRejectBodySchema,
  paymentRunRequestApprovalBodySchema,
  paymentRunSchema,
  paymentRunTransactionsBodySchema,
  paymentRunVersionBodySchema,
} from '@kontor/domain';
import { access } from '../../plugins/access';
import { contentDisposition } from '../../plugins/storage-local';
import { analyseTransactionRows } from '../transactions/analysis/analyse-transactions';
import { JoinRunService } from './join-run-service';
import { PaymentRunService } from './payment-run-service';
import { PaymentRunExporter } from './run-export';

const idParams = z.object({ id: z.uuid() });
const transactionParams = z.object({ transactionId: z.uuid() });
const runTransactionParams = z.object({ id: z.uuid(), transactionId: z.uuid() });
/** Optional in the schema so that an unknown id answers 404 first; the service requires it. */
const deleteQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

/** /api/payment-runs (SPEC §4 §9, issue 7 items 3 and 4): everything needs payment_runs:manage. */
export const paymentRunRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new PaymentRunService(app.database, { mailer: app.mailer, publicUrl: app.config.publicUrl });
  const joiner = new JoinRunService(app.database);
  const exporter = new PaymentRunExporter(app.database, app.storage, analyseTransactionRows);
  const tags = ['payment-runs'];
  const permission = access.permission('payment_runs:manage');
  const config = { access: permission, resource: 'payment-run' };
  const answer = { 200: paymentRunSchema };

  app.get(
    '/',
    {
      config: { access: permission },
      schema: { tags, querystring: paymentRunListQuerySchema, response: { 200: paymentRunListResponseSchema } },
    },
    async (request) => service.list(request.org!, request.query),
  );

  app.post(
    '/',
    { config: { access: permission }, schema: { tags, body: createPaymentRunBodySchema, response: { 201: paymentRunSchema } } },
    async (request, reply) => reply.status(201).send(await service.create(request.org!, request.body)),
  );

  app.get('/:id', { config, schema: { tags, params: idParams, response: answer } }, async (request) =>
    service.get(request.org!, request.params.id),
  );

  app.post(
    '/:id/transactions',
    { config, schema: { tags, params: idParams, body: paymentRunTransactionsBodySchema, response: answer } },
    async (request) => service.addTransactions(request.org!, request.params.id, request.body),
  );

  // One step to pay (issue 59 item 5): the picker's open runs, and one payment into the chosen run.
  app.get(
    '/open-for/:transactionId',
    {
      config: { access: permission, resource: 'transaction' },
      schema: { tags, params: transactionParams, response: { 200: openPaymentRunsResponseSchema } },
    },
    async (request) => joiner.openRunsFor(request.org!, request.params.transactionId),
  );

  app.post(
    '/:id/transactions/:transactionId',
    { config, schema: { tags, params: runTransactionParams, body: paymentRunVersionBodySchema, response: answer } },
    async (request) => joiner.addTransaction(request.org!, request.params.id, request.params.transactionId, request.body.version),
  );

  app.post(
    '/:id/transactions/remove',
    { config, schema: { tags, params: idParams, body: paymentRunTransactionsBodySchema, response: answer } },
    async (request) => service.removeTransactions(request.org!, request.params.id, request.body),
  );

  app.post(
    '/:id/request-approval',
    { config, schema: { tags, params: idParams, body: paymentRunRequestApprovalBodySchema, response: answer } },
    async (request) => service.requestApproval(request.org!, request.params.id, request.body),
  );

  app.post(
    '/:id/approve',
    { config, schema: { tags, params: idParams, body: paymentRunVersionBodySchema, response: answer } },
    async (request) => service.approve(request.org!, request.params.id, request.body.version),
  );

  app.post(
    '/:id/reject',
    { config, schema: { tags, params: idParams, body: paymentRunRejectBodySchema, response: answer } },
    async (request) => service.reject(request.org!, request.params.id, request.body),
  );

  app.post(
    '/:id/reset',
    { config, schema: { tags, params: idParams, body: paymentRunVersionBodySchema, response: answer } },
    async (request) => service.reset(request.org!, request.params.id, request.body.version),
  );

  app.delete('/:id', { config, schema: { tags, params: idParams, querystring: deleteQuery } }, async (request, reply) => {
    await service.remove(request.org!, request.params.id, request.query.version);
    return reply.status(204).send();
  });

  app.post(
    '/:id/export',
    { config, schema: { tags, params: idParams, body: paymentRunExportBodySchema, response: answer } },
    async (request) => exporter.export(request.org!, request.params.id, request.body),
  );

  app.get('/:id/file', { config, schema: { tags, params: idParams } }, async (request, reply) => {
    const file = await exporter.file(request.org!, request.params.id);
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .header('cache-control', 'no-store')
      .send(file.body);
  });
};
