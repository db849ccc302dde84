import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listResponse, paymentReminderSchema, reminderPreviewSchema, sendReminderBodySchema } from '@kontor/domain';
import { access } from '../../plugins/access';
import { idParams } from '../master-data/route-schemas';
import { MANAGE_RECEIVABLES } from '../receivables/policy';
import { PaymentReminderService } from './reminder-service';

/** /api/ar-invoices/:id/reminders: a receivable's reminders, a preview, and sending one by hand (issue 66). */
export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new PaymentReminderService(app.database, app.mailer, app.config.publicUrl);
  const tags = ['payment-reminders'];
  const resource = 'ar-invoice';
  const manage = access.permission(...MANAGE_RECEIVABLES);

  app.get(
    '/:id/reminders',
    {
      config: { access: manage, resource },
      schema: { tags, params: idParams, response: { 200: listResponse(paymentReminderSchema) } },
    },
    async (request) => ({ items: await service.list(request.org!, request.params.id) }),
  );

  app.get(
    '/:id/reminders/preview',
    {
      config: { access: manage, resource },
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ templateId: z.uuid().optional() }),
        response: { 200: reminderPreviewSchema },
      },
    },
    async (request) => service.preview(request.org!, request.params.id, request.query.templateId),
  );

  app.post(
    '/:id/reminders',
    {
      config: { access: manage, resource },
      schema: {
        tags,
        summary: 'Sends a payment reminder now with the chosen template; refused with the reason when it would be skipped.',
        params: idParams,
        body: sendReminderBodySchema,
        response: { 201: paymentReminderSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.send(request.org!, request.params.id, request.body, request.locale)),
  );
};
