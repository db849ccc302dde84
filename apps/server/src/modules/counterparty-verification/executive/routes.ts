import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  executiveDecisionRequestBodySchema,
  executiveVerificationListSchema,
  executiveVerificationParamsSchema,
  executiveVerificationRequestParamsSchema,
  executiveVerificationViewSchema,
  requestExecutiveVerificationBodySchema,
  verifierCandidatesResponseSchema,
  waitingExecutiveVerificationListSchema,
} from '@kontor/domain';
import { z } from 'zod';
import { access } from '../../../plugins/access';
import { MANAGE_COUNTERPARTIES } from '../../counterparties/policy';
import { ExecutiveVerificationService } from './service';

function serviceOf(app: Parameters<FastifyPluginAsyncZod>[0]): ExecutiveVerificationService {
  return new ExecutiveVerificationService({ database: app.database, mailer: app.mailer, publicUrl: app.config.publicUrl });
}

/**
 * Under /api/counterparties: request an executive verification of a bank account, decide on it,
 * list a counterparty's verifications. Deciding is open to every member because being a named
 * verifier is the permission; the service refuses everyone else (executive_not_verifier).
 */
export const executiveVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = serviceOf(app);
  const tags = ['counterparties'];
  const resource = 'counterparty';

  app.post(
    '/:id/bank-accounts/:bankAccountId/executive-verification',
    {
      config: { access: access.permission(...MANAGE_COUNTERPARTIES), resource },
      schema: {
        tags,
        params: executiveVerificationRequestParamsSchema,
        body: requestExecutiveVerificationBodySchema,
        response: { 201: executiveVerificationViewSchema },
      },
    },
    async (request, reply) => {
      const { id, bankAccountId } = request.params;
      return reply.status(201).send(await service.request(request.org!, id, bankAccountId, request.body.verifierIds));
    },
  );

  app.post(
    '/:id/executive-verifications/:verificationId/decision',
    {
      config: { access: access.member, resource },
      schema: {
        tags,
        params: executiveVerificationParamsSchema,
        body: executiveDecisionRequestBodySchema,
        response: { 200: executiveVerificationViewSchema },
      },
    },
    async (request) => service.decide(request.org!, request.params.id, request.params.verificationId, request.body),
  );

  app.get(
    '/:id/executive-verifications',
    {
      config: { access: access.member, resource },
      schema: { tags, params: z.object({ id: z.uuid() }), response: { 200: executiveVerificationListSchema } },
    },
    async (request) => service.list(request.org!, request.params.id),
  );
};

/** /api/counterparty-verifications: the caller's own work list and the team to pick verifiers from. */
export const verificationInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = serviceOf(app);
  const tags = ['counterparties'];

  app.get(
    '/waiting-for-me',
    { config: { access: access.member }, schema: { tags, response: { 200: waitingExecutiveVerificationListSchema } } },
    async (request) => service.waitingForMe(request.org!),
  );

  app.get(
    '/verifier-candidates',
    { config: { access: access.member }, schema: { tags, response: { 200: verifierCandidatesResponseSchema } } },
    async (request) => service.candidates(request.org!),
  );
};
