import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bankFileImportListSchema, bankFileImportSchema } from '@kontor/domain';
import { access } from '../../plugins/access';

const importIdParams = z.object({ id: z.uuid() });

/** Bank statements are uploaded and followed under /api/bank-transactions (bank_accounts:manage). */
const PAYMENT_FILE_KINDS = ['transactions', 'trusted_history'] as const;

/**
 * /api/bank-file-imports (issue 7 item 5): upload a pain.001 (as transactions or trusted history)
 * or a camt.053 (as trusted history), then follow the import's progress. Imports create payments
 * and the history the fraud checks trust, so every call needs payment_runs:manage.
 */
export const bankFileImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.bankFileImport;
  const tags = ['payments'];
  const manage = access.permission('payment_runs:manage');

  app.post(
    '/',
    {
      config: { access: manage },
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: bankFileImportSchema } },
    },
    async (request, reply) => reply.status(201).send(await service.upload(request.org!, request)),
  );

  app.get(
    '/',
    { config: { access: manage }, schema: { tags, response: { 200: bankFileImportListSchema } } },
    async (request) => ({ items: await service.list(request.org!, PAYMENT_FILE_KINDS) }),
  );

  app.get(
    '/:id',
    {
      config: { access: manage, resource: 'bank-file-import' },
      schema: { tags, params: importIdParams, response: { 200: bankFileImportSchema } },
    },
    async (request) => service.get(request.org!, request.params.id, PAYMENT_FILE_KINDS),
  );
};
