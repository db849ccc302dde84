import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PERMISSIONS,
  organizationMembershipSchema,
  permissionListSchema,
  updateLocaleBodySchema,
  userResponseSchema,
} from '@kontor/domain';
import { access } from '../../plugins/access';
import { toAuthenticatedUser } from '../auth/service';
import { changeUserLocale, listOrganizationsOfUser } from './service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user'];

  /** SPEC §7: the permission strings of the current organisation; an admin holds all of them. */
  app.get(
    '/user-permissions',
    { config: { access: access.member }, schema: { tags, response: { 200: permissionListSchema } } },
    async (request) => {
      const org = request.org!;
      return org.role === 'admin' ? [...PERMISSIONS] : org.permissions;
    },
  );

  /** The organisations the user belongs to, for the switcher. */
  app.get(
    '/organizations',
    {
      config: { access: access.authenticated },
      schema: { tags, response: { 200: z.object({ items: z.array(organizationMembershipSchema) }) } },
    },
    async (request) => ({
      items: await listOrganizationsOfUser(app.database, request.session!.userId),
    }),
  );

  app.put(
    '/locale',
    {
      config: { access: access.authenticated },
      schema: { tags, body: updateLocaleBodySchema, response: { 200: userResponseSchema } },
    },
    async (request) => {
      const session = request.session!;
      await changeUserLocale(app.database, app.sessions, session.userId, request.body.locale);
      return { user: { ...toAuthenticatedUser(session), locale: request.body.locale } };
    },
  );
};
