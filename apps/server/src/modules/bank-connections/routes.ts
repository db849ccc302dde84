import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bankConnectionListSchema,
  bankConnectionSchema,
  chooseBankAccountsBodySchema,
  institutionsQuerySchema,
  institutionsResponseSchema,
  renewedBankConnectionSchema,
  startBankConnectionBodySchema,
  startedBankConnectionSchema,
} from '@kontor/domain';
import { access } from '../../plugins/access';
import { idParams } from '../master-data/route-schemas';
import { finishConsent } from './consent-callback';
import { MANAGE_BANK_ACCOUNTS } from './policy';

/** The bank's redirect carries our reference; aggregators add their own error details beside it. */
const callbackQuery = z.object({ ref: z.string().max(1000).optional(), error: z.string().max(500).optional() });

/** Bank connections (issue 60, SPEC §2 settings/bank-accounts): connect, choose accounts, renew, disconnect. */
export const bankConnectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service, deps } = app.bankConnections;
  const tags = ['bank-connections'];
  const manage = access.permission(...MANAGE_BANK_ACCOUNTS);
  const resource = 'bank-connection';

  app.get(
    '/institutions',
    {
      config: { access: manage },
      schema: { tags, querystring: institutionsQuerySchema, response: { 200: institutionsResponseSchema } },
    },
    async (request) => ({ items: await service.listInstitutions(request.query.country) }),
  );

  app.post(
    '/',
    {
      config: { access: manage },
      schema: { tags, body: startBankConnectionBodySchema, response: { 201: startedBankConnectionSchema } },
    },
    async (request, reply) => reply.status(201).send(await service.start(request.org!, request.body)),
  );

  // A browser navigation back from the bank, not a call of the web app: it answers with a redirect
  // into the app, never with JSON. Signed in is needed (the signed state names the organisation
  // and person, and the permission is checked against them, consent-callback.ts); someone whose
  // session ended at the bank is sent to the start page to sign in, the state left unused.
  app.get(
    '/callback',
    { config: { access: access.public }, schema: { tags, querystring: callbackQuery } },
    async (request, reply) => {
      if (!request.session || !request.org) return reply.redirect('/', 303);
      return reply.redirect(await finishConsent(deps, service, request.org, request.query), 303);
    },
  );

  app.get(
    '/',
    { config: { access: manage }, schema: { tags, response: { 200: bankConnectionListSchema } } },
    async (request) => ({ items: await service.list(request.org!) }),
  );

  app.get(
    '/:id',
    { config: { access: manage, resource }, schema: { tags, params: idParams, response: { 200: bankConnectionSchema } } },
    async (request) => service.get(request.org!, request.params.id),
  );

  app.post(
    '/:id/accounts',
    {
      config: { access: manage, resource },
      schema: { tags, params: idParams, body: chooseBankAccountsBodySchema, response: { 200: bankConnectionSchema } },
    },
    async (request) => service.chooseAccounts(request.org!, request.params.id, request.body),
  );

  app.post(
    '/:id/renew',
    {
      config: { access: manage, resource },
      schema: { tags, params: idParams, body: z.object({}).optional(), response: { 200: renewedBankConnectionSchema } },
    },
    async (request) => service.renew(request.org!, request.params.id),
  );

  app.delete('/:id', { config: { access: manage, resource }, schema: { tags, params: idParams } }, async (request, reply) => {
    await service.disconnect(request.org!, request.params.id);
    return reply.status(204).send();
  });
};
