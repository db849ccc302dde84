import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bankFileImportSchema,
  bankStatementListQuerySchema,
  bankStatementListSchema,
  bankTransactionAccountListSchema,
  bankTransactionAccountSchema,
  bankTransactionDetailSchema,
  bankTransactionFilterSchema,
  bankTransactionListQuerySchema,
  bankTransactionListSchema,
  bankTransactionTotalsSchema,
} from '@kontor/domain';
import { access } from '../../plugins/access';
import { MANAGE_BANK_ACCOUNTS } from '../bank-connections/policy';

const idParams = z.object({ id: z.uuid() });

/**
 * /api/bank-transactions (issue 61, SPEC §2 `bank-transactions`, permission bank_accounts:manage):
 * the list with its filters and totals, a transaction's detail, the statements with their
 * balances, the accounts with their sync, an on-demand sync, and camt.053 uploads.
 */
export const bankTransactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.bankTransactions;
  const tags = ['bank-transactions'];
  const manage = access.permission(...MANAGE_BANK_ACCOUNTS);

  app.get(
    '/',
    {
      config: { access: manage },
      schema: { tags, querystring: bankTransactionListQuerySchema, response: { 200: bankTransactionListSchema } },
    },
    async (request) => service.list(request.org!, request.query),
  );

  app.get(
    '/totals',
    {
      config: { access: manage },
      schema: { tags, querystring: bankTransactionFilterSchema, response: { 200: bankTransactionTotalsSchema } },
    },
    async (request) => service.totals(request.org!, request.query),
  );

  app.get(
    '/statements',
    {
      config: { access: manage },
      schema: { tags, querystring: bankStatementListQuerySchema, response: { 200: bankStatementListSchema } },
    },
    async (request) => service.statements(request.org!, request.query),
  );

  app.get(
    '/accounts',
    { config: { access: manage }, schema: { tags, response: { 200: bankTransactionAccountListSchema } } },
    async (request) => ({ items: await service.accounts(request.org!) }),
  );

  app.post(
    '/accounts/:id/sync',
    {
      config: { access: manage, resource: 'company-bank-account' },
      schema: { tags, params: idParams, response: { 202: bankTransactionAccountSchema } },
    },
    async (request, reply) => reply.status(202).send(await service.sync(request.org!, request.params.id)),
  );

  app.post(
    '/statement-uploads',
    { config: { access: manage }, schema: { tags, consumes: ['multipart/form-data'], response: { 201: bankFileImportSchema } } },
    async (request, reply) => reply.status(201).send(await service.uploadStatement(request.org!, request)),
  );

  app.get(
    '/statement-uploads/:id',
    {
      config: { access: manage, resource: 'bank-statement-upload' },
      schema: { tags, params: idParams, response: { 200: bankFileImportSchema } },
    },
    async (request) => service.statementUpload(request.org!, request.params.id),
  );

  app.get(
    '/:id',
    {
      config: { access: manage, resource: 'bank-transaction' },
      schema: { tags, params: idParams, response: { 200: bankTransactionDetailSchema } },
    },
    async (request) => service.get(request.org!, request.params.id),
  );
};
