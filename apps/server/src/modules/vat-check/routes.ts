import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { vatCheckStateSchema } from '@kontor/domain';
import { access } from '../../plugins/access';
import { MANAGE_COUNTERPARTIES } from '../counterparties/policy';

/** Under /api/counterparties: "check again" for the VAT number (SPEC §4). */
export const vatCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/vat-check',
    {
      config: { access: access.permission(...MANAGE_COUNTERPARTIES), resource: 'counterparty' },
      schema: {
        tags: ['counterparties'],
        params: z.object({ id: z.uuid() }),
        body: z.object({}).optional(),
        response: { 202: z.object({ vatCheck: vatCheckStateSchema }) },
      },
    },
    async (request, reply) => reply.status(202).send(await app.vatCheck.requestAgain(request.org!, request.params.id)),
  );
};
