import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePlanBodySchema, planCatalogue, planCatalogueResponseSchema, subscriptionSchema } from '@kontor/domain';
import { access } from '../../plugins/access';
import { changePlan, getSubscription } from './service';

/** Mounted at /api/supscription-plan — the spelling is SPEC §7's. */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['subscription'];

  app.get(
    '/subscription',
    { config: { access: access.member }, schema: { tags, response: { 200: subscriptionSchema } } },
    async (request) => getSubscription(app.database, request.org!),
  );

  app.put(
    '/subscription',
    { config: { access: access.admin }, schema: { tags, body: changePlanBodySchema, response: { 200: subscriptionSchema } } },
    async (request) => changePlan(app.database, request.org!, request.body),
  );

  app.get(
    '/plans',
    { config: { access: access.authenticated }, schema: { tags, response: { 200: planCatalogueResponseSchema } } },
    async () => planCatalogue(),
  );
};
