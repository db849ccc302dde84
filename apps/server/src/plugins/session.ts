import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale, Permission, Role } from '@kontor/domain';
import { asOrgId, type OrgId } from '../db/database';
import { localeFromHeader } from '../lib/i18n';
import type { SessionMeta, SessionRecord, SessionStore } from './session-store';

/** What org-scoped code may rely on; only this plugin builds it (ARCHITECTURE §3.2). */
export interface OrgContext {
  orgId: OrgId;
  userId: string;
  role: Role;
  permissions: Permission[];
  slug: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRecord | null;
    org: OrgContext | null;
    locale: Locale;
  }
  interface FastifyInstance {
    sessions: SessionStore;
    sessionCookie: {
      name: string;
      set(reply: FastifyReply, raw: string, expires: Date): void;
      clear(reply: FastifyReply): void;
    };
  }
}

export function sessionMeta(request: FastifyRequest): SessionMeta {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}

export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { store: SessionStore }) => {
    const secure = app.config.isHttps;
    // __Host- pins the cookie to this origin over https; plain http (local) cannot use the prefix.
    const name = secure ? '__Host-kontor_sid' : 'kontor_sid';
    app.decorate('sessions', options.store);
    app.decorate('sessionCookie', {
      name,
      set(reply: FastifyReply, raw: string, expires: Date) {
        reply.setCookie(name, raw, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires });
      },
      clear(reply: FastifyReply) {
        reply.clearCookie(name, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
      },
    });
    app.decorateRequest('session', null);
    app.decorateRequest('org', null);
    app.decorateRequest('locale', 'en');

    app.addHook('onRequest', async (request) => {
      const raw = request.cookies[name];
      const session = raw ? await options.store.load(raw) : null;
      request.session = session;
      const userLocale = session?.user.locale;
      request.locale =
        userLocale === 'de' || userLocale === 'en' ? userLocale : localeFromHeader(request.headers['accept-language']);
      const membership = session?.membership;
      request.org =
        session && membership
          ? {
              orgId: asOrgId(membership.organizationId),
              userId: session.userId,
              role: membership.role,
              permissions: membership.permissions,
              slug: membership.slug,
            }
          : null;
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
