import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createInvitationBodySchema,
  invitationListSchema,
  invitationSchema,
  invitationVersionBodySchema,
  memberNotificationOptionsBodySchema,
  teamMemberListSchema,
  teamMemberSchema,
  updateTeamMemberBodySchema,
} from '@kontor/domain';
import { access } from '../../plugins/access';
import { TeamService } from './team-service';

const memberParams = z.object({ userId: z.uuid() });
const invitationParams = z.object({ id: z.uuid() });

/** /api/team: every member reads the team; admins and team_members:manage change it (SPEC §6). */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const team = new TeamService(
    app.database,
    app.mailer,
    { publicUrl: app.config.publicUrl, invitationTtlDays: app.config.invitationTtlDays },
    (userId) => app.sessions.forgetUser(userId),
  );
  const tags = ['team'];
  const manage = access.permission('team_members:manage');

  app.get(
    '/members',
    { config: { access: access.member }, schema: { tags, response: { 200: teamMemberListSchema } } },
    async (request) => ({ items: await team.listMembers(request.org!) }),
  );

  app.put(
    '/members/:userId',
    {
      config: { access: manage, resource: 'member' },
      schema: { tags, params: memberParams, body: updateTeamMemberBodySchema, response: { 200: teamMemberSchema } },
    },
    async (request) => team.updateMember(request.org!, request.params.userId, request.body),
  );

  app.put(
    '/members/:userId/notification-options',
    {
      config: { access: manage, resource: 'member' },
      schema: { tags, params: memberParams, body: memberNotificationOptionsBodySchema, response: { 200: teamMemberSchema } },
    },
    async (request) => team.changeNotificationOptions(request.org!, request.params.userId, request.body.options),
  );

  app.delete(
    '/members/:userId',
    {
      config: { access: manage, resource: 'member' },
      schema: { tags, params: memberParams, querystring: z.object({ version: z.coerce.number().int().positive().optional() }) },
    },
    async (request, reply) => {
      // Without a version (an API caller who read none): the member as they are now.
      await team.removeMember(request.org!, request.params.userId, request.query.version ?? null);
      return reply.status(204).send();
    },
  );

  app.get(
    '/invitations',
    { config: { access: access.member }, schema: { tags, response: { 200: invitationListSchema } } },
    async (request) => ({ items: await team.listInvitations(request.org!) }),
  );

  app.post(
    '/invitations',
    {
      config: { access: manage, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, body: createInvitationBodySchema, response: { 201: invitationSchema } },
    },
    async (request, reply) => reply.status(201).send(await team.invite(request.org!, request.body, request.locale)),
  );

  app.post(
    '/invitations/:id/revoke',
    {
      config: { access: manage, resource: 'invitation' },
      schema: { tags, params: invitationParams, body: invitationVersionBodySchema, response: { 200: invitationSchema } },
    },
    async (request) => team.revoke(request.org!, request.params.id, request.body.version),
  );

  app.post(
    '/invitations/:id/resend',
    {
      config: { access: manage, resource: 'invitation', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, params: invitationParams, body: invitationVersionBodySchema, response: { 200: invitationSchema } },
    },
    async (request) => team.resend(request.org!, request.params.id, request.body.version, request.locale),
  );
};
