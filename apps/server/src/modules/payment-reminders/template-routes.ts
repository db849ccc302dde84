import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listResponse, reminderTemplateInputSchema, reminderTemplateSchema } from '@kontor/domain';
import { access } from '../../plugins/access';
import { deleteQuery, idParams, versionField } from '../master-data/route-schemas';
import { MANAGE_RECEIVABLES } from '../receivables/policy';
import { ReminderTemplateService } from './template-service';

/**
 * /api/reminder-templates (SPEC §2 settings/payment-reminders, §3, §5; issue 66): whoever manages
 * receivables reads them (to pick one when sending); admins maintain them, as all settings.
 */
export const reminderTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ReminderTemplateService(app.database);
  const tags = ['payment-reminders'];
  const resource = 'reminder-template';

  app.get(
    '/',
    {
      config: { access: access.permission(...MANAGE_RECEIVABLES) },
      schema: { tags, response: { 200: listResponse(reminderTemplateSchema) } },
    },
    async (request) => ({ items: await service.list(request.org!) }),
  );

  app.post(
    '/',
    {
      config: { access: access.admin },
      schema: { tags, body: reminderTemplateInputSchema, response: { 201: reminderTemplateSchema } },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.org!, request.body)),
  );

  app.put(
    '/:id',
    {
      config: { access: access.admin, resource },
      schema: {
        tags,
        params: idParams,
        body: reminderTemplateInputSchema.extend(versionField),
        response: { 200: reminderTemplateSchema },
      },
    },
    async (request) => service.update(request.org!, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { config: { access: access.admin, resource }, schema: { tags, params: idParams, querystring: deleteQuery } },
    async (request, reply) => {
      await service.remove(request.org!, request.params.id, request.query.version);
      return reply.status(204).send();
    },
  );
};
