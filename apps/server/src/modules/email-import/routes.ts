import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailImportListSchema, importAddressSchema } from '@kontor/domain';
import { access } from '../../plugins/access';
import { listEmailImports } from './repo';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** GET /api/invoices/import-address and /api/invoices/email-imports (e-mail import, SPEC §1 §9). */
export function registerEmailImportRoutes(app: App): void {
  const tags = ['invoices'];

  app.get(
    '/import-address',
    { config: { access: access.member }, schema: { tags, response: { 200: importAddressSchema } } },
    async (request) => ({ address: `${request.org!.slug}@${app.config.mailImport.domain}` }),
  );

  // Senders and subjects of every imported mail: for those who see every invoice.
  app.get(
    '/email-imports',
    { config: { access: access.permission('ap_invoices:manage') }, schema: { tags, response: { 200: emailImportListSchema } } },
    async (request) => ({
      items: await app.database.withOrg({ orgId: request.org!.orgId, userId: request.org!.userId }, (tx) =>
        listEmailImports(tx, request.org!.orgId, 50),
      ),
    }),
  );
}
