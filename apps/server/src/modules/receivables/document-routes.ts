import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { arInvoiceSchema, arSendBodySchema, arSendDraftSchema, arVersionSchema, xrechnungQuerySchema } from '@kontor/domain';
import type { RouteAccess } from '../../plugins/access';
import { contentDisposition } from '../../plugins/storage-local';
import { idParams } from '../master-data/route-schemas';
import { ReceivableDocumentService, type InvoiceDocumentFile } from './document-service';

function sendDocument(reply: FastifyReply, file: InvoiceDocumentFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** The documents of an outgoing invoice (issue 65): PDF (ZUGFeRD), XRechnung, and sending it. */
export function registerDocumentRoutes(app: FastifyInstance, manage: RouteAccess, resource: string): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const service = new ReceivableDocumentService(app.database, app.storage, app.mailer);
  const tags = ['accounts-receivable'];

  typed.get(
    '/:id/pdf',
    {
      config: { access: manage, resource },
      schema: {
        tags,
        summary: 'The invoice as PDF: a ZUGFeRD 2 / Factur-X hybrid (PDF/A-3, CII XML, profile EN 16931).',
        params: idParams,
      },
    },
    async (request, reply) => sendDocument(reply, await service.pdf(request.org!, request.params.id, request.locale)),
  );

  typed.get(
    '/:id/xrechnung',
    {
      config: { access: manage, resource },
      schema: {
        tags,
        summary: 'The invoice as XRechnung 3 (UBL or CII) for a public-sector customer with a Leitweg-ID.',
        params: idParams,
        querystring: xrechnungQuerySchema,
      },
    },
    async (request, reply) =>
      sendDocument(reply, await service.xrechnung(request.org!, request.params.id, request.query.syntax, request.locale)),
  );

  typed.get(
    '/:id/send-draft',
    { config: { access: manage, resource }, schema: { tags, params: idParams, response: { 200: arSendDraftSchema } } },
    async (request) => service.sendDraft(request.org!, request.params.id, request.locale),
  );

  typed.post(
    '/:id/send',
    {
      config: { access: manage, resource },
      schema: {
        tags,
        summary: 'Sends the invoice PDF by e-mail; the mail and its attachment are kept in the outbox.',
        params: idParams,
        body: arSendBodySchema.and(arVersionSchema),
        response: { 200: arInvoiceSchema },
      },
    },
    async (request) => {
      const { version, ...mail } = request.body;
      return service.send(request.org!, request.params.id, version, mail, request.locale);
    },
  );
}
