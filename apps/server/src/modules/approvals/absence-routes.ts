import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approvalAbsenceBodySchema, approvalAbsenceListSchema, approvalAbsenceSavedSchema } from '@kontor/domain';
import { access } from '../../plugins/access';
import { AbsenceService } from './absence-service';

const userParams = z.object({ userId: z.uuid() });

/**
 * Absences with a substitute: every member sees who is away (the hand-on dialog and the flow
 * editor name them), enters their own; team managers enter anyone's (the service checks).
 */
export const absenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AbsenceService(app.database, { mailer: app.mailer, publicUrl: app.config.publicUrl });
  const tags = ['approval-absences'];
  const ofMember = { access: access.member, resource: 'member' };

  app.get(
    '/',
    { config: { access: access.member }, schema: { tags, response: { 200: approvalAbsenceListSchema } } },
    async (request) => service.list(request.org!),
  );

  app.put(
    '/:userId',
    {
      config: ofMember,
      schema: { tags, params: userParams, body: approvalAbsenceBodySchema(), response: { 200: approvalAbsenceSavedSchema } },
    },
    async (request) => service.save(request.org!, request.params.userId, request.body),
  );

  app.delete(
    '/:userId',
    { config: ofMember, schema: { tags, params: userParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.remove(request.org!, request.params.userId);
      return reply.status(204).send(null);
    },
  );
};
