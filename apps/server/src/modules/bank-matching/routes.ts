import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bankMatchListSchema, bankMatchProposalListSchema, createBankMatchBodySchema } from '@kontor/domain';
import { access } from '../../plugins/access';
import { MANAGE_BANK_ACCOUNTS } from '../bank-connections/policy';

const idParams = z.object({ id: z.uuid() });
const matchParams = z.object({ id: z.uuid(), matchId: z.uuid() });

/**
 * Matching under /api/bank-transactions/:id (issue 62, permission bank_accounts:manage): the
 * proposals for a line with their reasons, its matches, match and unmatch.
 */
export const bankMatchingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.bankMatching;
  const tags = ['bank-transactions'];
  const manage = access.permission(...MANAGE_BANK_ACCOUNTS);
  const resource = 'bank-transaction';

  app.get(
    '/:id/proposals',
    { config: { access: manage, resource }, schema: { tags, params: idParams, response: { 200: bankMatchProposalListSchema } } },
    async (request) => ({ items: await service.proposals(request.org!, request.params.id) }),
  );

  app.get(
    '/:id/matches',
    { config: { access: manage, resource }, schema: { tags, params: idParams, response: { 200: bankMatchListSchema } } },
    async (request) => ({ items: await service.matches(request.org!, { lineId: request.params.id }) }),
  );

  app.post(
    '/:id/matches',
    {
      config: { access: manage, resource },
      schema: { tags, params: idParams, body: createBankMatchBodySchema, response: { 201: bankMatchListSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ items: await service.match(request.org!, request.params.id, request.body) }),
  );

  app.delete(
    '/:id/matches/:matchId',
    { config: { access: manage, resource }, schema: { tags, params: matchParams, response: { 200: bankMatchListSchema } } },
    async (request) => ({ items: await service.unmatch(request.org!, request.params.id, request.params.matchId) }),
  );
};

/**
 * The invoice's side: GET /api/invoices/:id/bank-matches, the bank lines that paid it (its
 * detail's section), and …/bank-proposals, the open lines that may (accepted with the line's
 * POST …/matches).
 */
export const invoiceBankMatchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.bankMatching;
  app.get(
    '/:id/bank-proposals',
    {
      config: { access: access.permission(...MANAGE_BANK_ACCOUNTS), resource: 'invoice' },
      schema: { tags: ['bank-transactions'], params: idParams, response: { 200: bankMatchProposalListSchema } },
    },
    async (request) => ({ items: await service.invoiceProposals(request.org!, request.params.id) }),
  );
  app.get(
    '/:id/bank-matches',
    {
      config: { access: access.permission(...MANAGE_BANK_ACCOUNTS), resource: 'invoice' },
      schema: { tags: ['bank-transactions'], params: idParams, response: { 200: bankMatchListSchema } },
    },
    async (request) => ({ items: await service.matches(request.org!, { invoiceId: request.params.id }) }),
  );
};
