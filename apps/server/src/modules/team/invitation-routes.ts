import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptInvitationBodySchema, invitationDetailsSchema, invitationTokenSchema, userResponseSchema } from '@kontor/domain';
import { access } from '../../plugins/access';
import { acceptInvitation, readInvitationDetails } from './invitation-acceptance';

/** The invitation link's page data (public) and its acceptance (any signed-in user). */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services;
  const tags = ['team'];

  app.get(
    '/public/invitations/:token',
    {
      config: { access: access.public, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, params: z.object({ token: invitationTokenSchema }), response: { 200: invitationDetailsSchema } },
    },
    async (request) => readInvitationDetails(app.database, request.params.token, request.session?.user.email ?? null),
  );

  app.post(
    '/invitations/accept',
    {
      config: { access: access.authenticated, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, body: acceptInvitationBodySchema, response: { 200: userResponseSchema } },
    },
    async (request, reply) => {
      const session = request.session!;
      const orgId = await acceptInvitation(app.database, request.body.token, { id: session.userId, email: session.user.email });
      // Into the organisation at once, with a new session id (new rights).
      return { user: await auth.switchOrganization(request, reply, orgId) };
    },
  );
};
