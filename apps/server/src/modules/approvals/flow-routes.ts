import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approvalFlowBodySchema,
  approvalFlowOrderBodySchema,
  approvalFlowSchema,
  approvalFlowTypeSchema,
  approverSchema,
  updateApprovalFlowBodySchema,
} from '@kontor/domain';
import { translateServiceFieldErrors } from '../../lib/field-errors';
import { access } from '../../plugins/access';
import { ApprovalFlowService } from './flow-service';

const idParams = z.object({ id: z.uuid() });
const listResponse = z.object({ items: z.array(approvalFlowSchema) });

/** Approval flow settings (SPEC §2, admin only): list, detail, create, edit, delete, order, candidates. */
export const approvalFlowRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ApprovalFlowService(app.database);
  const tags = ['approval-flows'];
  const admin = { access: access.admin };
  const adminOfFlow = { access: access.admin, resource: 'approval_flow' };

  // Field errors the service finds (non-members, foreign ids) become sentences in the caller's language.
  app.setErrorHandler(translateServiceFieldErrors);

  app.get(
    '/',
    {
      config: admin,
      schema: { tags, querystring: z.object({ type: approvalFlowTypeSchema.optional() }), response: { 200: listResponse } },
    },
    async (request) => ({ items: await service.list(request.org!, request.query.type) }),
  );

  app.get(
    '/approver-candidates',
    { config: admin, schema: { tags, response: { 200: z.object({ items: z.array(approverSchema) }) } } },
    async (request) => ({ items: await service.approverCandidates(request.org!) }),
  );

  app.put(
    '/order',
    { config: admin, schema: { tags, body: approvalFlowOrderBodySchema, response: { 200: listResponse } } },
    async (request) => ({ items: await service.order(request.org!, request.body.type, request.body.ids) }),
  );

  app.post(
    '/',
    { config: admin, schema: { tags, body: approvalFlowBodySchema, response: { 201: approvalFlowSchema } } },
    async (request, reply) => reply.status(201).send(await service.create(request.org!, request.body)),
  );

  app.get(
    '/:id',
    { config: adminOfFlow, schema: { tags, params: idParams, response: { 200: approvalFlowSchema } } },
    async (request) => service.get(request.org!, request.params.id),
  );

  app.put(
    '/:id',
    {
      config: adminOfFlow,
      schema: { tags, params: idParams, body: updateApprovalFlowBodySchema, response: { 200: approvalFlowSchema } },
    },
    async (request) => service.update(request.org!, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      config: adminOfFlow,
      schema: { tags, params: idParams, querystring: z.object({ version: z.coerce.number().int().min(1).optional() }) },
    },
    async (request, reply) => {
      await service.remove(request.org!, request.params.id, request.query.version);
      return reply.status(204).send();
    },
  );
};
