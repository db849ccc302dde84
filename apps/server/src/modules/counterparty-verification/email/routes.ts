import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailVerificationListSchema,
  emailVerificationRunSchema,
  emailVerificationStartParamsSchema,
  publicConfirmIbanBodySchema,
  publicConfirmIbanResponseSchema,
  publicVerificationSchema,
  verificationTokenParamsSchema,
} from '@kontor/domain';
import { access } from '../../../plugins/access';
import { idParams } from '../../master-data/route-schemas';
import { MANAGE_COUNTERPARTIES } from '../../counterparties/policy';
import { PublicEmailVerificationService } from './public-service';
import { EmailVerificationService } from './service';

const tags = ['counterparty-verification'];

/**
 * Under /api/counterparties: start (or resend) a bank account's verification by e-mail, and the
 * counterparty's runs. Starting sends mail to a third party and counts against the plan, so it
 * takes the same permission as editing the counterparty.
 */
export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new EmailVerificationService(app.database, { mailer: app.mailer, publicUrl: app.config.publicUrl });
  const resource = 'counterparty';

  app.post(
    '/:id/bank-accounts/:bankAccountId/email-verification',
    {
      config: { access: access.permission(...MANAGE_COUNTERPARTIES), resource },
      schema: { tags, params: emailVerificationStartParamsSchema, response: { 201: emailVerificationRunSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.start(request.org!, request.params.id, request.params.bankAccountId)),
  );

  app.get(
    '/:id/email-verifications',
    {
      config: { access: access.member, resource },
      schema: { tags, params: idParams, response: { 200: emailVerificationListSchema } },
    },
    async (request) => service.list(request.org!, request.params.id),
  );
};

/**
 * Under /api/public/bank-account-verification: the page the mailed link opens (no login). Rate
 * limited like sign-in: the token space is far too large to guess, but each guess costs a query.
 */
export const publicEmailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new PublicEmailVerificationService(app.database);
  const rateLimit = { max: 30, timeWindow: '1 minute' };

  app.get(
    '/:token',
    {
      config: { access: access.public, rateLimit },
      schema: { tags, params: verificationTokenParamsSchema, response: { 200: publicVerificationSchema } },
    },
    async (request) => service.open(request.params.token),
  );

  app.post(
    '/:token',
    {
      config: { access: access.public, rateLimit },
      schema: {
        tags,
        params: verificationTokenParamsSchema,
        body: publicConfirmIbanBodySchema,
        response: { 200: publicConfirmIbanResponseSchema },
      },
    },
    async (request) => service.confirm(request.params.token, request.body.iban),
  );
};
