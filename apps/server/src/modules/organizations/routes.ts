import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOGO_MAX_BYTES,
  createOrganizationBodySchema,
  organizationSchema,
  signedUrlSchema,
  updateOrganizationBodySchema,
  updateRequiredFieldsBodySchema,
  userResponseSchema,
} from '@kontor/domain';
import { access } from '../../plugins/access';
import { readLogoUpload } from './logo';
import { createOrganization } from './service';

const idParams = z.object({ id: z.uuid() });

/** SPEC §7 organisation calls, plus POST / (create organisation). */
export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { organizations, logos, auth } = app.services;
  const tags = ['organization'];

  app.post(
    '/',
    {
      config: { access: access.authenticated },
      schema: {
        tags,
        body: createOrganizationBodySchema,
        response: { 201: z.object({ user: userResponseSchema.shape.user, organization: organizationSchema }) },
      },
    },
    async (request, reply) => {
      const row = await createOrganization(app.database, { name: request.body.name, adminUserId: request.session!.userId });
      const user = await auth.enterOrganization(request, reply, row.id);
      const organization = await organizations.getBySlugForUser(row.slug, request.session!.userId);
      return reply.status(201).send({ user, organization });
    },
  );

  app.get(
    '/signed-logo-url',
    { config: { access: access.member }, schema: { tags, response: { 200: signedUrlSchema } } },
    async (request) => {
      const organization = await organizations.getCurrent(request.org!);
      if (!organization.hasLogo) return { url: null, expiresAt: null };
      return logos.signedUrl(await organizations.currentLogoKey(request.org!));
    },
  );

  app.get(
    '/slug/:slug',
    {
      config: { access: access.authenticated },
      schema: { tags, params: z.object({ slug: z.string().min(1).max(100) }), response: { 200: organizationSchema } },
    },
    async (request) => organizations.getBySlugForUser(request.params.slug, request.session!.userId),
  );

  app.put(
    '/logo',
    { config: { access: access.admin }, schema: { tags, consumes: ['multipart/form-data'], response: { 200: signedUrlSchema } } },
    async (request) => {
      const body = await readLogoUpload(await request.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } }));
      return logos.replace(request.org!, body);
    },
  );

  app.put(
    '/',
    {
      config: { access: access.admin },
      schema: { tags, body: updateOrganizationBodySchema, response: { 200: organizationSchema } },
    },
    async (request) => organizations.update(request.org!, request.body),
  );

  app.get(
    '/:id',
    {
      config: { access: access.member, resource: 'organization' },
      schema: { tags, params: idParams, response: { 200: organizationSchema } },
    },
    async (request) => organizations.getById(request.org!, request.params.id),
  );

  app.put(
    '/:id/required-fields',
    {
      config: { access: access.admin, resource: 'organization' },
      schema: { tags, params: idParams, body: updateRequiredFieldsBodySchema, response: { 200: organizationSchema } },
    },
    async (request) => organizations.updateRequiredFields(request.org!, request.params.id, request.body),
  );
};
