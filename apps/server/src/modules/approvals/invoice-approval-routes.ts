import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approverCandidatesResponseSchema,
  bulkApproveBodySchema,
  bulkApproveResponseSchema,
  invoiceSchema,
  matchingFlowResponseSchema,
  reasonBodySchema,
  reassignApprovalBodySchema,
  requestApprovalBodySchema,
  versionBodySchema,
} from '@kontor/domain';
import { access } from '../../plugins/access';
import { InvoiceApprovalService } from './invoice-approval-service';

const idParams = z.object({ id: z.uuid() });

/**
 * Approval actions of an invoice (plain REST under /api/invoices, ARCHITECTURE §4). Any member
 * may call them; the invoice's visibility (policy.ts) and the engine decide what happens.
 */
export function registerInvoiceApprovalRoutes(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = new InvoiceApprovalService(app.database, { mailer: app.mailer, publicUrl: app.config.publicUrl });
  const tags = ['invoice-approvals'];
  const config = { access: access.member, resource: 'invoice' };
  const answer = { 200: invoiceSchema };

  routes.get(
    '/:id/approval-flow',
    { config, schema: { tags, params: idParams, response: { 200: matchingFlowResponseSchema } } },
    async (request) => service.matchingFlow(request.org!, request.params.id),
  );

  routes.post(
    '/:id/request-approval',
    { config, schema: { tags, params: idParams, body: requestApprovalBodySchema, response: answer } },
    async (request) => service.request(request.org!, request.params.id, request.body, request.locale),
  );

  routes.post(
    '/:id/approve',
    { config, schema: { tags, params: idParams, body: versionBodySchema, response: answer } },
    async (request) => service.approve(request.org!, request.params.id, request.body.version, request.locale),
  );

  routes.post(
    '/bulk-approve',
    {
      config: { access: access.member },
      schema: { tags, body: bulkApproveBodySchema, response: { 200: bulkApproveResponseSchema } },
    },
    async (request) => service.bulkApprove(request.org!, request.body, request.locale),
  );

  routes.post(
    '/:id/reject',
    { config, schema: { tags, params: idParams, body: reasonBodySchema, response: answer } },
    async (request) => service.reject(request.org!, request.params.id, request.body, request.locale),
  );

  routes.post(
    '/:id/reassign-approval',
    { config, schema: { tags, params: idParams, body: reassignApprovalBodySchema, response: answer } },
    async (request) => service.reassign(request.org!, request.params.id, request.body),
  );

  routes.get(
    '/:id/approver-candidates',
    { config, schema: { tags, params: idParams, response: { 200: approverCandidatesResponseSchema } } },
    async (request) => service.approverCandidates(request.org!, request.params.id),
  );

  routes.post(
    '/:id/reset',
    { config, schema: { tags, params: idParams, body: versionBodySchema, response: answer } },
    async (request) => service.reset(request.org!, request.params.id, request.body.version),
  );
}
