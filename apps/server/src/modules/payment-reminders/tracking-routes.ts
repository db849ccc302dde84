import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { access } from '../../plugins/access';
import { recordReminderOpened } from './reminder-service';

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * Kontor's own open pixel (issue 66 item 4): public, answered the same for any token (known or
 * not) so that it tells nobody anything; a known token marks its reminder opened once.
 */
export const reminderTrackingRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/m/o/:token',
    {
      config: { access: access.public },
      schema: { hide: true, params: z.object({ token: z.string().max(100) }) },
    },
    async (request, reply) => {
      const { token } = request.params as { token: string };
      if (/^[A-Za-z0-9_-]{20,64}$/.test(token)) await recordReminderOpened(app.database, token);
      return reply
        .type('image/gif')
        .header('cache-control', 'no-store, max-age=0')
        .header('x-content-type-options', 'nosniff')
        .send(PIXEL);
    },
  );
};
