import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissionListSchema, roleSchema } from '@kontor/domain';
import { access } from '../../plugins/access';
import { DEMO_ORGANIZATIONS, DEMO_PASSWORD, DEMO_USERS } from '../../db/seed/demo';

const publicConfigSchema = z.object({
  demo: z.object({
    enabled: z.boolean(),
    password: z.string().nullable(),
    /** What each account may do, as data: the welcome page says it in the reader's language. */
    users: z.array(
      z.object({
        email: z.string(),
        memberships: z.array(z.object({ organization: z.string(), role: roleSchema, permissions: permissionListSchema })),
      }),
    ),
  }),
  mailboxUrl: z.string().nullable(),
  docsUrl: z.string(),
});

function demoAccount({ email, memberships }: (typeof DEMO_USERS)[number]) {
  return {
    email,
    memberships: memberships.map(({ slug, role, permissions }) => ({
      organization: DEMO_ORGANIZATIONS.find((organization) => organization.slug === slug)?.name ?? slug,
      role,
      permissions,
    })),
  };
}

/** Health and the little the welcome page needs before sign-in. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Liveness without touching the database; the benchmark's bare baseline too. */
  app.get(
    '/ping',
    { config: { access: access.public }, schema: { tags: ['system'], response: { 200: z.object({ pong: z.literal(true) }) } } },
    async () => ({ pong: true as const }),
  );

  /**
   * Readiness: the database answers the watchdog's probe within a second and a half (its own
   * connection, not a pooled one, which a paused server would keep waiting).
   */
  app.get(
    '/health',
    {
      config: { access: access.public },
      schema: {
        tags: ['system'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('available') }),
          503: z.object({ status: z.literal('unavailable'), database: z.literal('unavailable') }),
        },
      },
    },
    async (_request, reply) => {
      if (await app.database.answers()) return { status: 'ok' as const, database: 'available' as const };
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ status: 'unavailable' as const, database: 'unavailable' as const });
    },
  );

  app.get(
    '/public/config',
    { config: { access: access.public }, schema: { tags: ['system'], response: { 200: publicConfigSchema } } },
    async () => {
      const demo = app.config.demo;
      const hasLocalMailbox = !app.config.mail.smtpUrl && app.config.env !== 'production';
      return {
        demo: {
          enabled: demo,
          password: demo ? DEMO_PASSWORD : null,
          users: demo ? DEMO_USERS.map(demoAccount) : [],
        },
        mailboxUrl: hasLocalMailbox ? `${app.config.publicUrl}/mailbox` : null,
        docsUrl: `${app.config.publicUrl}/api/docs`,
      };
    },
  );
};
