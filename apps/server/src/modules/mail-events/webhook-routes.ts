import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailEventWebhookBodySchema, mailEventWebhookResponseSchema } from '@kontor/domain';
import { AppError } from '../../lib/app-error';
import { access } from '../../plugins/access';
import { recordReminderMailEvent } from '../payment-reminders/delivery-events';
import { SIGNATURE_HEADER, verifyWebhookSignature } from './webhook-signature';

/** 100 events of a few hundred bytes each, with room to spare. */
const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * POST /api/webhooks/mail-events (issue 66 item 4): delivery events of an SMTP provider
 * (Postmark, SendGrid, Mailgun …, normalised by whoever relays them), signed with
 * MAIL_WEBHOOK_SECRET; only registered when that is set. Public: the caller is a server with no
 * session and no browser origin, so the CSRF check does not apply; the signature is its proof.
 * Events for mail that is no payment reminder's are accepted and ignored, so the provider does
 * not retry them; repeating an event changes nothing (each is recorded once).
 */
export const mailEventWebhookRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, { secret }) => {
  // This plugin's own JSON parser: the signature covers the exact bytes, so they are checked
  // before anything is parsed, and an unsigned body is never read as JSON.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (request, body, done) => {
    const raw = body as Buffer;
    if (!verifyWebhookSignature(request.headers[SIGNATURE_HEADER], raw, secret)) {
      done(new AppError('webhook_signature_invalid'), undefined);
      return;
    }
    parseJson(request, raw.toString('utf8'), done);
  });

  app.post(
    '/mail-events',
    {
      config: { access: access.public, csrf: 'exempt' },
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        tags: ['webhooks'],
        summary: 'Delivery events of sent mail from the SMTP provider (signed)',
        body: mailEventWebhookBodySchema,
        response: { 200: mailEventWebhookResponseSchema },
      },
    },
    async (request) => {
      const { events } = request.body;
      const recorded = await app.database.withSystem(async (tx) => {
        let count = 0;
        for (const { messageId, event } of events) {
          if (await recordReminderMailEvent(tx, { messageId, event })) count += 1;
        }
        return count;
      });
      request.log.info({ events: events.length, recorded }, 'mail events received');
      return { recorded };
    },
  );
};
