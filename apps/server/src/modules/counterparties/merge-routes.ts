import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  counterpartyMergeBodySchema,
  counterpartyMergePreviewQuerySchema,
  counterpartyMergePreviewSchema,
  counterpartySchema,
} from '@kontor/domain';
import { translateServiceFieldErrors } from '../../lib/field-errors';
import { access } from '../../plugins/access';
import { CounterpartyMergeService } from './merge-service';
import { MANAGE_COUNTERPARTIES } from './policy';

/**
 * /api/counterparties/merge…: merging two counterparties (SPEC §5 §8). The ids travel in the
 * query and body (there are two), so the service itself answers 404 for another organisation's.
 */
export const counterpartyMergeRoutes: FastifyPluginAsyncZod = async (app) => {
  const merges = new CounterpartyMergeService(app.database, app.vatCheck);
  const tags = ['counterparties'];
  app.setErrorHandler(translateServiceFieldErrors);

  app.get(
    '/merge-preview',
    {
      config: { access: access.member },
      schema: { tags, querystring: counterpartyMergePreviewQuerySchema, response: { 200: counterpartyMergePreviewSchema } },
    },
    async (request) => merges.preview(request.org!, request.query),
  );

  app.post(
    '/merge',
    {
      config: { access: access.permission(...MANAGE_COUNTERPARTIES) },
      schema: { tags, body: counterpartyMergeBodySchema, response: { 200: counterpartySchema } },
    },
    async (request) => merges.merge(request.org!, request.body),
  );
};
