import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityEntrySchema, createCommentBodySchema, invoiceCommentSchema, invoiceSchema } from '@kontor/domain';
import { access } from '../../plugins/access';
import { InvoiceDiscussion } from './discussion';
import { InvoiceFiles } from './files';
import { fileParams, idParams, readInvoiceUpload } from './request-parts';
import type { InvoiceService } from './service';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The detail view's side parts: files, comments and the activity log. */
export function registerInvoiceFileRoutes(app: App, service: InvoiceService): void {
  const files = new InvoiceFiles(service, app.config.signedUrlTtlSeconds);
  const discussion = new InvoiceDiscussion(service);
  const tags = ['invoices'];
  const config = { access: access.member, resource: 'invoice' };

  app.get(
    '/:id/files/:fileId/url',
    {
      config,
      schema: { tags, params: fileParams, response: { 200: z.object({ url: z.string(), expiresAt: z.string() }) } },
    },
    async (request) => files.signedUrl(request.org!, request.params.id, request.params.fileId),
  );

  app.post(
    '/:id/attachments',
    { config, schema: { tags, params: idParams, consumes: ['multipart/form-data'], response: { 200: invoiceSchema } } },
    async (request) => {
      // The invoice first: nobody makes us read an upload for an invoice they cannot see.
      await service.assertVisible(request.org!, request.params.id);
      return files.addAttachments(request.org!, request.params.id, await readInvoiceUpload(request));
    },
  );

  app.delete(
    '/:id/attachments/:fileId',
    { config, schema: { tags, params: fileParams, response: { 200: invoiceSchema } } },
    async (request) => files.deleteAttachment(request.org!, request.params.id, request.params.fileId),
  );

  app.get(
    '/:id/comments',
    { config, schema: { tags, params: idParams, response: { 200: z.object({ items: z.array(invoiceCommentSchema) }) } } },
    async (request) => discussion.comments(request.org!, request.params.id),
  );

  app.post(
    '/:id/comments',
    { config, schema: { tags, params: idParams, body: createCommentBodySchema, response: { 201: invoiceCommentSchema } } },
    async (request, reply) =>
      reply.status(201).send(await discussion.addComment(request.org!, request.params.id, request.body.body)),
  );

  app.get(
    '/:id/activity',
    { config, schema: { tags, params: idParams, response: { 200: z.object({ items: z.array(activityEntrySchema) }) } } },
    async (request) => discussion.activity(request.org!, request.params.id),
  );
}
