import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationOptionsBodySchema, notificationOptionsResponseSchema } from '@kontor/domain';
import { access } from '../../plugins/access';
import { changeNotificationOptions, readNotificationOptions } from './notification-options';
import { sendSampleDigest } from './sample-digest';

/** The signed-in member's own e-mail notifications in the current organisation (under /api/user). */
export const notificationOptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user'];
  const schema = { tags, response: { 200: notificationOptionsResponseSchema } };

  app.get('/notification-options', { config: { access: access.member }, schema }, async (request) =>
    readNotificationOptions(app.database, request.org!),
  );

  app.put(
    '/notification-options',
    { config: { access: access.member }, schema: { ...schema, body: notificationOptionsBodySchema } },
    async (request) => changeNotificationOptions(app.database, request.org!, request.body.options),
  );

  /** A sample of the member's digest, now, to their own address (a few per minute: it sends e-mail). */
  app.post(
    '/notification-options/sample',
    {
      config: { access: access.member, rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: { tags, response: { 200: z.object({ to: z.string() }) } },
    },
    async (request) =>
      sendSampleDigest(
        { database: app.database, mailer: app.mailer, publicUrl: app.config.publicUrl, secret: app.config.session.secret },
        request.org!,
        request.locale,
      ),
  );
};
