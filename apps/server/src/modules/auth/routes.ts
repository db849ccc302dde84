import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authenticateBodySchema,
  loginQuerySchema,
  logoutQuerySchema,
  logoutResponseSchema,
  managementResponseSchema,
  refreshQuerySchema,
  switchOrganizationBodySchema,
  userResponseSchema,
} from '@kontor/domain';
import { AppError } from '../../lib/app-error';
import { access } from '../../plugins/access';
import { toAuthenticatedUser } from './service';

/** SPEC §7 session calls, plus GET /login where the browser starts sign-in or sign-up. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, organizations } = app.services;
  const tags = ['auth'];

  app.get(
    '/login',
    { config: { access: access.public }, schema: { tags, querystring: loginQuerySchema } },
    async (request, reply) => reply.redirect(await auth.startSignIn(reply, request.query.mode, request.query.locale), 302),
  );

  app.post(
    '/authenticate',
    {
      config: { access: access.public, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, body: authenticateBodySchema, response: { 200: userResponseSchema } },
    },
    async (request, reply) => ({ user: await auth.authenticate(request, reply, request.body) }),
  );

  app.get(
    '/management',
    { config: { access: access.authenticated }, schema: { tags, response: { 200: managementResponseSchema } } },
    async (request) => {
      const session = request.session!;
      const user = toAuthenticatedUser(session);
      const organization = request.org ? await organizations.getCurrent(request.org) : null;
      const completedSteps = session.membership?.onboardingSteps ?? [];
      return { user, organization, onboarding: { completed: user.onboardingCompleted, completedSteps } };
    },
  );

  app.get(
    '/refresh',
    {
      config: { access: access.authenticated },
      schema: { tags, querystring: refreshQuerySchema, response: { 200: userResponseSchema } },
    },
    async (request, reply) => {
      // SPEC §7 keeps this a GET, but moving the session to another organisation changes state:
      // another site must not do it through a link or an image (the CSRF check skips GETs).
      const site = request.headers['sec-fetch-site'];
      if (request.query.organizationId && (site === 'cross-site' || site === 'same-site')) throw new AppError('csrf_refused');
      return { user: await auth.refresh(request, reply, request.query.organizationId) };
    },
  );

  app.post(
    '/switch-organization',
    {
      config: { access: access.authenticated },
      schema: { tags, body: switchOrganizationBodySchema, response: { 200: userResponseSchema } },
    },
    async (request, reply) => ({ user: await auth.switchOrganization(request, reply, request.body.organizationId) }),
  );

  app.post(
    '/logout',
    {
      config: { access: access.public },
      schema: { tags, querystring: logoutQuerySchema, body: z.unknown().optional(), response: { 200: logoutResponseSchema } },
    },
    async (request, reply) => auth.logout(request, reply, request.query.returnTo),
  );
};
