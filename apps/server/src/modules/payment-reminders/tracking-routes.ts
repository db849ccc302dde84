import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { access } from '../../plugins/access';
import { contentDisposition } from '../../plugins/storage-local';
import { AppError } from '../../lib/app-error';
import { recordReminderOpened, reminderDocument } from './reminder-repo';

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * Kontor's own open pixel (issue 66 item 4): public, answered the same for any token (known or
 * not) so that it tells nobody anything; a known token marks its reminder opened once. The
 * invoice link of a reminder serves the invoice's stored PDF and marks the reminder clicked.
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

  app.get(
    '/m/d/:token',
    {
      config: { access: access.public },
      schema: { hide: true, params: z.object({ token: z.string().max(100) }) },
    },
    async (request, reply) => {
      const { token } = request.params as { token: string };
      const document = /^[A-Za-z0-9_-]{20,64}$/.test(token) ? await reminderDocument(app.database, token) : null;
      const stored = document ? await app.storage.get(document.storageKey) : null;
      if (!document || !stored) throw new AppError('not_found');
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('inline', `${document.invoiceNumber ?? 'invoice'}.pdf`))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .send(stored.body);
    },
  );
};
